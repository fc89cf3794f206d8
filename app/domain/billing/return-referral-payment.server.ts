import type { Tx } from "~/domain/kernel/database.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { refundCredits } from "./credit-ledger.server.ts";
import { type OrderReversal, type RefundReason, reverseOrder } from "./refunds.server.ts";

/**
 * A case that ends before any doctor has worked on it costs the employer nothing
 * (docs/decisions/0012-refunds-and-credit-notes.md): credits spent on it go back to the ledger,
 * and its order is reversed (closed if unpaid, a credit note if paid, refunded after commit).
 * Inside the transaction that ends the case.
 */
export async function returnReferralPayment(
  tx: Tx,
  scope: Scope,
  payment: {
    referral: {
      id: string;
      organisationId: string;
      paymentMethod: string | null;
      orderId: string | null;
    };
    /** Who at the employer ended it; null when nobody there acted (the person declined). */
    actorId: string | null;
    reason: RefundReason;
    now: Date;
  },
): Promise<{ creditsReturned: number; order: OrderReversal }> {
  const { referral, actorId, reason, now } = payment;
  const creditsReturned =
    referral.paymentMethod === "credits"
      ? await refundCredits(tx, {
          organisationId: referral.organisationId,
          referralId: referral.id,
          actorId,
          now,
        })
      : 0;
  const order: OrderReversal = referral.orderId
    ? await reverseOrder(tx, scope, { orderId: referral.orderId, referralId: referral.id, reason })
    : { outcome: "none" };
  return { creditsReturned, order };
}
