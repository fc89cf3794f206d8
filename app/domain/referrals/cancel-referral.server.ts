import type { OrderReversal } from "~/domain/billing/refunds.server.ts";
import { returnReferralPayment } from "~/domain/billing/return-referral-payment.server.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { applyReferralTransition } from "~/domain/referrals/referral-transition.server.ts";
import { lockEmployerReferral } from "./get-referral.server.ts";
import { revokeInvitations } from "./invitations.server.ts";
import { canTransition, type ReferralStatus } from "./lifecycle.ts";

interface CancellationResult {
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
    case "on_hold":
      return "This referral cannot be cancelled while it is on hold. Contact ReferOH if you no longer need it.";
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
 * (docs/decisions/0012-refunds-and-credit-notes.md), and every link stops working — all in one
 * transaction. `referralKey` is the id or the public reference; another organisation's is not found.
 */
export async function cancelReferral(
  scope: Scope,
  referralKey: string,
): Promise<CancellationResult> {
  const { actor, now } = requireEmployer(scope);
  return scope.db.transaction(async (tx) => {
    const current = await lockEmployerReferral(tx, scope, referralKey);
    // Refused before any money moves, in the words the employer can act on.
    if (!canTransition(current.status, "cancelled", actor.role))
      throw new DomainError("invalid_state", cancellationRefusal(current.status));
    const { creditsReturned, order } = await returnReferralPayment(tx, scope, {
      referral: current,
      actorId: actor.userId,
      reason: "referral_cancelled",
      now,
    });
    await revokeInvitations(tx, current.id, now);
    await applyReferralTransition(tx, scope, {
      referral: current,
      event: "cancelled",
      set: { closedAt: now },
      activity: "cancelled",
      audit: {
        action: "referral.cancel",
        details: {
          creditsReturned,
          order: order.outcome,
          ...(order.outcome === "refunded" ? { creditNote: order.creditNote.number } : {}),
        },
      },
      refusal: cancellationRefusal,
    });
    return { creditsReturned, order };
  });
}
