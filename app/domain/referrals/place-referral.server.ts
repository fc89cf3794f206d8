import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { managementReferenceSequence, referral, referralActivity } from "~/db/schema/index.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { services } from "~/domain/billing/catalogue.ts";
import {
  getCreditBalance,
  isInsufficientCredits,
  spendCredits,
} from "~/domain/billing/credit-ledger.server.ts";
import { getMembership, membershipStanding } from "~/domain/billing/membership.server.ts";
import { createOrder } from "~/domain/billing/orders.server.ts";
import type { EmployerActor, RequestOrigin } from "./actor.ts";
import { formatManagementReference, generatePreEmploymentCode } from "./references.ts";
import { transition } from "./states.ts";

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Referral = typeof referral.$inferSelect;
export type NewReferral = Omit<
  typeof referral.$inferInsert,
  "id" | "type" | "reference" | "organisationId" | "status" | "createdBy"
>;

/** Inserts a referral with its reference: REF- from the sequence, or a fresh OCC- code until one is free. */
export async function insertReferral(
  tx: Tx,
  {
    actor,
    type,
    values,
    now,
  }: {
    actor: EmployerActor;
    type: "pre_employment" | "management";
    values: NewReferral;
    now: Date;
  },
): Promise<Referral> {
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
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: referral.reference })
      .returning();
    if (row) return row;
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
  {
    actor,
    draft,
    origin,
    provider,
    now,
  }: {
    actor: EmployerActor;
    draft: Referral;
    origin?: RequestOrigin;
    provider: "demo" | "stripe";
    now: Date;
  },
): Promise<PlacementOutcome> {
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
      request: { kind: "referral", referralType: draft.type, referralId: draft.id },
      provider,
      now,
    });
    outcome = { method: "order", orderId: order.id };
  }

  const status =
    outcome.method === "credits"
      ? transition(draft.status, "submit_with_credits", "employer")
      : transition(draft.status, "submit_for_payment", "employer");
  await tx
    .update(referral)
    .set({
      status,
      paymentMethod: outcome.method,
      orderId: outcome.method === "order" ? outcome.orderId : null,
      memberTurnaround: standing !== "none",
      invitedAt: status === "invited" ? now : null,
      updatedAt: now,
    })
    .where(eq(referral.id, draft.id));
  await tx.insert(referralActivity).values({
    referralId: draft.id,
    organisationId: actor.organisationId,
    kind: status === "invited" ? "invited" : "awaiting_payment",
    actorId: actor.userId,
    createdAt: now,
  });
  await recordAuditEvent(tx, {
    action: "referral.submit",
    outcome: "success",
    actor: { id: actor.userId, role: "employer", organisationId: actor.organisationId },
    object: { type: "referral", id: draft.id },
    request: origin,
    details: { payment: outcome.method },
  });
  return outcome;
}
