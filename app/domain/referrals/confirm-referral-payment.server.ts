import { referral } from "~/db/schema/index.ts";
import type { PaymentOrder } from "~/domain/billing/orders.server.ts";
import type { Tx } from "~/domain/kernel/database.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { applyReferralTransition } from "~/domain/referrals/referral-transition.server.ts";
import { queueInvitation } from "./invitation-outbox.server.ts";
import { lockVisibleReferral } from "./lock-visible-referral.server.ts";

/**
 * The billing confirmation hook for pay-per-referral orders: inside the order's transaction the
 * referral moves from awaiting payment to invited, through the one transition path
 * (docs/architecture.md §3b). A referral cancelled meanwhile stays cancelled.
 */
export async function confirmReferralPayment(
  tx: Tx,
  scope: Scope,
  { referralId, order }: { referralId: string; order: PaymentOrder },
): Promise<void> {
  const current = await lockVisibleReferral(tx, scope, referralId, {
    organisationId: referral.organisationId,
    status: referral.status,
  });
  if (
    !current ||
    current.organisationId !== order.organisationId ||
    current.status !== "awaiting_payment"
  )
    return;
  await applyReferralTransition(tx, scope, {
    referral: current,
    event: "payment_confirmed",
    set: { invitedAt: scope.now },
    activity: "invited",
    audit: { action: "referral.payment_confirmed", details: { orderId: order.id } },
  });
  await queueInvitation(tx, { referralId: current.id, now: scope.now });
}
