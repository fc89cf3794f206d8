import type { PaymentEvent, PaymentOrder } from "~/domain/billing/orders.server.ts";
import type { SubscriptionEvent } from "~/domain/billing/subscription-events.server.ts";

export interface CheckoutStart {
  /** Where to send the employer to pay. */
  redirectUrl: string;
  /** The provider's id for this checkout, kept on the order. */
  providerReference: string;
}

export interface RefundRequest {
  /** The paid order being refunded; its providerReference names the provider's checkout. */
  order: PaymentOrder;
  /** Pence to return, VAT included. */
  amountPence: number;
  /** The same key on every retry, so the provider refunds once however often we ask. */
  idempotencyKey: string;
}

/** Anything that can take a payment for an order and later tell us, verifiably, that it was paid. */
export interface PaymentProvider {
  readonly id: "demo" | "stripe";
  startCheckout(
    order: PaymentOrder,
    urls: { success: string; cancel: string },
  ): Promise<CheckoutStart>;
  /**
   * Verifies a webhook delivery and translates it. Throws WebhookVerificationError when the
   * signature or its age is wrong; returns null for events we do not act on.
   */
  parseWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent | SubscriptionEvent | null>;
  /**
   * Returns money to the card that paid an order. Throws when the provider refuses or cannot be
   * reached; the caller keeps the refund pending and asks again with the same idempotency key.
   */
  refund(request: RefundRequest): Promise<{ providerRefundId: string }>;
}

export class WebhookVerificationError extends Error {}
