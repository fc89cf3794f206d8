import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { referral, referralActivity } from "~/db/schema/index.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { refundCredits } from "~/domain/billing/credit-ledger.server.ts";
import { type OrderReversal, reverseOrder } from "~/domain/billing/refunds.server.ts";
import { type EmployerActor, ReferralError, type RequestOrigin } from "./actor.ts";
import { revokeInvitations } from "./invitations.server.ts";
import { canTransition, type ReferralStatus, transition } from "./states.ts";

export interface CancellationResult {
  creditsReturned: number;
  order: OrderReversal;
}

/** Why a case can no longer be cancelled, in words the employer can act on. */
export function cancellationRefusal(status: ReferralStatus): string {
  switch (status) {
    case "submitted":
      return "This referral can no longer be cancelled: the employee has sent their answers and the case is with our doctors.";
    case "in_review":
    case "awaiting_subject":
      return "This referral can no longer be cancelled: a doctor has started work on it.";
    case "complete":
    case "withheld":
      return "This referral can no longer be cancelled: the doctor's work on it is finished.";
    case "declined":
      return "This referral has already ended: the employee did not take part.";
    case "cancelled":
      return "This referral has already been cancelled.";
    default:
      return "This referral can no longer be cancelled.";
  }
}

/**
 * Cancels before the subject submits, so before any doctor has started: credits go back to the
 * ledger, an unpaid order is closed, a paid one gets a credit note and is refunded after commit
 * (docs/decisions/0012-refunds-and-credit-notes.md), and every link stops working — all in one transaction.
 */
export async function cancelReferral(
  db: Database,
  {
    actor,
    referralId,
    origin,
    now = new Date(),
  }: { actor: EmployerActor; referralId: string; origin?: RequestOrigin; now?: Date },
): Promise<CancellationResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(referral)
      .where(and(eq(referral.id, referralId), eq(referral.organisationId, actor.organisationId)))
      .for("update");
    if (!current) throw new ReferralError("not_found", "Referral not found.");
    if (!canTransition(current.status, "cancelled", "employer")) {
      throw new ReferralError("invalid_state", cancellationRefusal(current.status));
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
    const order: OrderReversal = current.orderId
      ? await reverseOrder(tx, {
          orderId: current.orderId,
          organisationId: actor.organisationId,
          referralId,
          reason: "referral_cancelled",
          now,
        })
      : { outcome: "none" };
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
      details: {
        creditsReturned,
        from: current.status,
        order: order.outcome,
        ...(order.outcome === "refunded" ? { creditNote: order.creditNote.number } : {}),
      },
    });
    return { creditsReturned, order };
  });
}
