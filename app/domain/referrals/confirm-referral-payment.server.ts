import { and, eq } from "drizzle-orm";
import { referral } from "~/db/schema/index.ts";
import type { PaymentOrder } from "~/domain/billing/orders.server.ts";
import type { Tx } from "~/domain/kernel/database.ts";
import { applyReferralTransition } from "~/domain/kernel/referral-transition.server.ts";
import { systemScope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";

/**
 * The billing confirmation hook for pay-per-referral orders: inside the order's transaction the
 * referral moves from awaiting payment to invited. A referral cancelled meanwhile stays cancelled.
 * The payment confirmation is the system's act (a webhook or the demo page), in the order's
 * transaction, so the scope is a system scope on that transaction.
 */
export async function confirmReferralPayment(
  tx: Tx,
  referralId: string,
  order: PaymentOrder,
  now = new Date(),
): Promise<void> {
  const scope = systemScope(tx, "payment-confirmation", { now });
  const [current] = await tx
    .select()
    .from(referral)
    .where(and(eq(referral.id, referralId), visibleReferrals(scope)))
    .for("update");
  if (
    !current ||
    current.organisationId !== order.organisationId ||
    current.status !== "awaiting_payment"
  )
    return;
  await applyReferralTransition(tx, scope, {
    referral: current,
    event: "payment_confirmed",
    set: { invitedAt: now },
    activity: "invited",
    audit: { action: "referral.payment_confirmed", details: { orderId: order.id } },
  });
}
