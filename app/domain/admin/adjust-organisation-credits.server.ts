import { eq } from "drizzle-orm";
import { organisation } from "~/db/schema/index.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import {
  getCreditBalance,
  grantCredits,
  isInsufficientCredits,
  withdrawCredits,
} from "~/domain/billing/credit-ledger.server.ts";
import { auditActorOf } from "~/domain/kernel/actor.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { type CreditAdjustment, creditAdjustmentSchema } from "./organisations.ts";

type CreditAdjustmentResult =
  | { status: "adjusted"; balance: number }
  | { status: "not-found" }
  | { status: "insufficient"; balance: number };

/**
 * Adds or removes credits through the ledger (reason `adjustment`, with the admin's note), in one
 * transaction with its audit event. A removal never takes the balance below zero.
 */
export async function adjustOrganisationCredits(
  scope: Scope,
  input: CreditAdjustment & { organisationId: string },
): Promise<CreditAdjustmentResult> {
  const { db, now, actor, origin } = requireAdmin(scope);
  const parsed = creditAdjustmentSchema.parse({ credits: input.credits, reason: input.reason });
  const [org] = await db
    .select({ id: organisation.id })
    .from(organisation)
    .where(eq(organisation.id, input.organisationId));
  if (!org) return { status: "not-found" };
  const audit = (outcome: "success" | "failure", details: Record<string, unknown>) => ({
    action: "admin.credits_adjusted",
    outcome,
    actor: { ...auditActorOf(actor), organisationId: org.id },
    object: { type: "organisation", id: org.id },
    request: origin,
    details: { credits: parsed.credits, reason: parsed.reason, ...details },
  });
  try {
    const balance = await db.transaction(async (tx) => {
      if (parsed.credits > 0) {
        await grantCredits(tx, {
          organisationId: org.id,
          credits: parsed.credits,
          actorId: actor.userId,
          reason: "adjustment",
          note: parsed.reason,
          now,
        });
      } else {
        await withdrawCredits(tx, {
          organisationId: org.id,
          credits: -parsed.credits,
          actorId: actor.userId,
          note: parsed.reason,
          now,
        });
      }
      const after = await getCreditBalance(tx, org.id, now);
      await recordAuditEvent(tx, audit("success", { balance: after }));
      return after;
    });
    return { status: "adjusted", balance };
  } catch (error) {
    if (!isInsufficientCredits(error)) throw error;
    const balance = await getCreditBalance(db, org.id, now);
    await recordAuditEvent(db, audit("failure", { refused: "insufficient_credits", balance }));
    return { status: "insufficient", balance };
  }
}
