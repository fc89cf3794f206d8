import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { paymentOrder, referral, referralActivity } from "~/db/schema/index.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { refundCredits } from "~/domain/billing/credit-ledger.server.ts";
import { type EmployerActor, ReferralError, type RequestOrigin } from "./actor.ts";
import { revokeInvitations } from "./invitations.server.ts";
import { canTransition, transition } from "./states.ts";

/**
 * Cancels before the subject submits: credits go back to the ledger, an unpaid order is
 * cancelled, and every link stops working — all in one transaction.
 */
export async function cancelReferral(
  db: Database,
  {
    actor,
    referralId,
    origin,
    now = new Date(),
  }: { actor: EmployerActor; referralId: string; origin?: RequestOrigin; now?: Date },
): Promise<{ creditsReturned: number }> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(referral)
      .where(and(eq(referral.id, referralId), eq(referral.organisationId, actor.organisationId)))
      .for("update");
    if (!current) throw new ReferralError("not_found", "Referral not found.");
    if (!canTransition(current.status, "cancelled", "employer")) {
      throw new ReferralError(
        "invalid_state",
        "This referral can no longer be cancelled: the employee has already submitted their answers.",
      );
    }
    const status = transition(current.status, "cancelled", "employer");
    await tx
      .update(referral)
      .set({ status, closedAt: now, updatedAt: now })
      .where(eq(referral.id, referralId));
    const creditsReturned =
      current.paymentMethod === "credits"
        ? await refundCredits(tx, {
            organisationId: actor.organisationId,
            referralId,
            actorId: actor.userId,
            now,
          })
        : 0;
    if (current.orderId) {
      await tx
        .update(paymentOrder)
        .set({ status: "cancelled" })
        .where(and(eq(paymentOrder.id, current.orderId), eq(paymentOrder.status, "pending")));
    }
    await revokeInvitations(tx, referralId, now);
    await tx.insert(referralActivity).values({
      referralId,
      organisationId: actor.organisationId,
      kind: "cancelled",
      actorId: actor.userId,
      createdAt: now,
    });
    await recordAuditEvent(tx, {
      action: "referral.cancel",
      outcome: "success",
      actor: { id: actor.userId, role: "employer", organisationId: actor.organisationId },
      object: { type: "referral", id: referralId },
      request: origin,
      details: { creditsReturned, from: current.status },
    });
    return { creditsReturned };
  });
}
