import type { PaymentEvent, PaymentOrder } from "~/domain/billing/orders.server.ts";
import type { PaymentProvider } from "./provider.ts";
import { WebhookVerificationError } from "./provider.ts";

/**
 * Records real orders and invoices and skips only the card network (docs/architecture.md §1): checkout is our
 * own /payment page, and its confirm step becomes the same PaymentEvent a Stripe webhook would.
 */
export function createDemoProvider(): PaymentProvider & {
  confirmationEvent(order: PaymentOrder): PaymentEvent;
} {
  return {
    id: "demo",
    async startCheckout(order) {
      return { redirectUrl: `/payment?order=${order.id}`, providerReference: `demo_${order.id}` };
    },
    async parseWebhook() {
      // The demo provider has no webhooks; anything posted as one is refused.
      throw new WebhookVerificationError("The demo payment provider does not send webhooks.");
    },
    async refund({ order, idempotencyKey }) {
      // No card network: the credit note and its refund status are the record of the refund.
      if (order.provider !== "demo")
        throw new Error("This order was not paid through the demo provider.");
      return { providerRefundId: `demo_${idempotencyKey}` };
    },
    confirmationEvent(order) {
      // One event id per order: pressing "Pay" twice, or in two tabs, grants once.
      return {
        provider: "demo",
        eventId: `demo_${order.id}`,
        type: "order.paid",
        orderId: order.id,
        providerReference: `demo_${order.id}`,
      };
    },
  };
}
