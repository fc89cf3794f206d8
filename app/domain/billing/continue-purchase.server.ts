import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { getOrder, type PaymentOrder } from "./orders.server.ts";
import { afterPaymentPath } from "./plan-choice.ts";
import { startPurchase } from "./start-purchase.server.ts";

/** Where a checkout cancelled at the provider returns to: the referral it paid for, or the plans. */
function cancelPathOf(order: PaymentOrder): string {
  const referralId = order.grants.referralId;
  return order.kind === "referral" && referralId
    ? `/employer-referrals?viewReferral=${encodeURIComponent(referralId)}`
    : "/package-selection?notice=payment-cancelled";
}

/** The checkout of an order this organisation already has, after the billing address was asked. */
export async function continuePurchase(
  scope: Scope,
  orderId: string,
): Promise<{ orderId: string; redirectUrl: string }> {
  const order = await getOrder(requireEmployer(scope), orderId);
  if (order.status !== "pending" && order.status !== "failed")
    return {
      orderId,
      redirectUrl: order.status === "paid" ? afterPaymentPath(order) : cancelPathOf(order),
    };
  return startPurchase(scope, {
    orderId,
    successPath: afterPaymentPath(order),
    cancelPath: cancelPathOf(order),
  });
}
