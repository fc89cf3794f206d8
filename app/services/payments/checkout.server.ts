import type { BillingActor } from "~/domain/billing/actor.ts";
import { createOrder, setProviderReference } from "~/domain/billing/orders.server.ts";
import { afterPaymentPath } from "~/domain/billing/plan-choice.ts";
import type { OrderRequest } from "~/domain/billing/price-order.ts";
import type { Runtime } from "../runtime.server.ts";

/**
 * Creates the order (priced on the server) and hands it to the configured provider: the demo
 * provider answers with our own /payment page, Stripe with its hosted checkout.
 */
export async function startPurchase(
  runtime: Runtime,
  actor: BillingActor,
  request: OrderRequest,
): Promise<{ orderId: string; redirectUrl: string }> {
  const { db } = runtime.database;
  const order = await createOrder(db, { actor, request, provider: runtime.payments.id });
  const base = runtime.config.PUBLIC_URL;
  const checkout = await runtime.payments.startCheckout(order, {
    success: new URL(afterPaymentPath(order), base).toString(),
    cancel: new URL("/package-selection?notice=payment-cancelled", base).toString(),
  });
  await setProviderReference(db, order.id, checkout.providerReference);
  return { orderId: order.id, redirectUrl: checkout.redirectUrl };
}
