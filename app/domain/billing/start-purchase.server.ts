import { eq } from "drizzle-orm";
import { paymentOrder } from "~/db/schema/index.ts";
import { requireEmployer, requireTeamPermission } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { billingRefusal } from "./billing-refusal.ts";
import { createOrder, getOrder } from "./orders.server.ts";
import { organisationAddress } from "./organisation-address.server.ts";
import { afterPaymentPath } from "./plan-choice.ts";
import type { OrderRequest } from "./price-order.ts";

/**
 * What the employer is paying for: a new order priced on the server from the catalogue, or the
 * order a referral was placed with (its checkout started, or resumed from "Pay now"), with the
 * pages the provider returns to.
 */
type Purchase =
  | { request: OrderRequest }
  | { orderId: string; successPath: string; cancelPath: string };

/**
 * The one way an employer reaches a checkout: the order (created, or this organisation's own)
 * goes to the configured provider, whose reference is kept on it. The demo provider answers with
 * our own /payment page, Stripe with its hosted checkout. An order that charges VAT for an
 * organisation with no address goes first to /billing-address, which asks for it and then
 * carries on (`continuePurchase`): a full VAT invoice names the customer's address.
 */
export async function startPurchase(
  scope: Scope,
  purchase: Purchase,
): Promise<{ orderId: string; redirectUrl: string }> {
  // Buying a membership or credits is billing; paying an existing order (a manager's own referral)
  // is not (the team permission table, docs/architecture.md §4).
  const employer =
    "request" in purchase
      ? requireTeamPermission(scope, "billing:manage", billingRefusal)
      : requireEmployer(scope);
  const { db, actor, now } = employer;
  const { payments, publicUrl: base } = scope.adapters;
  const order =
    "request" in purchase
      ? await createOrder(db, { actor, request: purchase.request, provider: payments.id, now })
      : await getOrder(employer, purchase.orderId);
  if (order.vatPence > 0 && !(await organisationAddress(db, actor.organisationId)))
    return {
      orderId: order.id,
      redirectUrl: `/billing-address?order=${encodeURIComponent(order.id)}`,
    };
  const [success, cancel] =
    "request" in purchase
      ? [afterPaymentPath(order), "/package-selection?notice=payment-cancelled"]
      : [purchase.successPath, purchase.cancelPath];
  const checkout = await payments.startCheckout(order, {
    success: new URL(success, base).toString(),
    cancel: new URL(cancel, base).toString(),
  });
  await db
    .update(paymentOrder)
    .set({ providerReference: checkout.providerReference })
    .where(eq(paymentOrder.id, order.id));
  return { orderId: order.id, redirectUrl: checkout.redirectUrl };
}
