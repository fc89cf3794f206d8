import { sql } from "drizzle-orm";
import { managementReferenceSequence, referral } from "~/db/schema/index.ts";
import { services } from "~/domain/billing/catalogue.ts";
import {
  getCreditBalance,
  isInsufficientCredits,
  spendCredits,
} from "~/domain/billing/credit-ledger.server.ts";
import { getMembership, membershipStanding } from "~/domain/billing/membership.server.ts";
import { createOrder } from "~/domain/billing/orders.server.ts";
import type { EmployerActor } from "~/domain/kernel/actor.ts";
import type { Tx } from "~/domain/kernel/database.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import {
  applyReferralTransition,
  recordReferralStep,
} from "~/domain/referrals/referral-transition.server.ts";
import { queueInvitation } from "./invitation-outbox.server.ts";
import { formatManagementReference, generatePreEmploymentCode } from "./references.ts";

export type Referral = typeof referral.$inferSelect;
type NewReferral = Omit<
  typeof referral.$inferInsert,
  "id" | "type" | "reference" | "organisationId" | "status" | "createdBy" | "ownerId"
>;

/**
 * Creates a draft with its reference (REF- from the sequence, or a fresh OCC- code until one is
 * free), with the employer's "created" timeline row and the `referral.create` audit event.
 */
export async function insertReferral(
  tx: Tx,
  scope: Scope<EmployerActor>,
  { type, values }: { type: "pre_employment" | "management"; values: NewReferral },
): Promise<Referral> {
  const { actor, now } = scope;
  for (let attempt = 0; attempt < 8; attempt++) {
    let reference: string;
    if (type === "management") {
      const result = await tx.execute(
        sql`select nextval(${sql.raw(`'${managementReferenceSequence.seqName}'`)}) as n`,
      );
      reference = formatManagementReference(
        Number((result as unknown as { rows: { n: string }[] }).rows[0]!.n),
      );
    } else {
      reference = generatePreEmploymentCode();
    }
    // ON CONFLICT keeps the transaction usable when a random code is already taken.
    const [row] = await tx
      .insert(referral)
      .values({
        ...values,
        type,
        reference,
        organisationId: actor.organisationId,
        status: "draft",
        createdBy: actor.userId,
        ownerId: actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: referral.reference })
      .returning();
    if (!row) continue;
    await recordReferralStep(tx, scope, {
      referral: row,
      activity: "created",
      status: "draft",
      audit: { action: "referral.create", details: { type, reference: row.reference } },
    });
    return row;
  }
  throw new Error("Could not allocate a unique referral reference.");
}

export type PlacementOutcome =
  | { method: "credits"; credits: number }
  | { method: "order"; orderId: string };

/**
 * Submits a draft: spends credits when the balance covers it (in this same transaction, so the
 * referral and the debit stand or fall together), otherwise opens an order at the member or
 * standard price and waits for payment.
 */
export async function placeReferral(
  tx: Tx,
  scope: Scope<EmployerActor>,
  { draft, provider }: { draft: Referral; provider: "demo" | "stripe" },
): Promise<PlacementOutcome> {
  const { actor, now } = scope;
  const standing = membershipStanding(await getMembership(tx, actor.organisationId), now);
  const service = services[draft.type];
  let outcome: PlacementOutcome | undefined;
  if ((await getCreditBalance(tx, actor.organisationId, now)) >= service.creditCost) {
    try {
      await spendCredits(tx, {
        organisationId: actor.organisationId,
        credits: service.creditCost,
        referralId: draft.id,
        actorId: actor.userId,
        now,
      });
      outcome = { method: "credits", credits: service.creditCost };
    } catch (error) {
      // Another submission took the credits first: this one is paid for instead.
      if (!isInsufficientCredits(error)) throw error;
    }
  }
  if (!outcome) {
    const order = await createOrder(tx, {
      actor,
      request: {
        kind: "referral",
        referralType: draft.type,
        referralId: draft.id,
        reference: draft.reference,
      },
      provider,
      now,
    });
    outcome = { method: "order", orderId: order.id };
  }

  await applyReferralTransition(tx, scope, {
    referral: draft,
    event: outcome.method === "credits" ? "submit_with_credits" : "submit_for_payment",
    set: {
      paymentMethod: outcome.method,
      orderId: outcome.method === "order" ? outcome.orderId : null,
      memberTurnaround: standing !== "none",
      invitedAt: outcome.method === "credits" ? now : null,
    },
    activity: outcome.method === "credits" ? "invited" : "awaiting_payment",
    audit: { action: "referral.submit", details: { payment: outcome.method } },
  });
  // The invitation is part of the change: it exists exactly when the referral is invited.
  if (outcome.method === "credits") await queueInvitation(tx, { referralId: draft.id, now });
  return outcome;
}
