import type Stripe from "stripe";
import type { PaymentProvider } from "./provider.ts";
import { WebhookVerificationError } from "./provider.ts";

/** Webhooks older than this are refused, whatever their signature (replay protection). */
const webhookToleranceSeconds = 300;

interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local HTTP server. */
  api?: { host: string; port: number; protocol: "http" | "https" };
}

export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  // Stripe's SDK is some 200 modules: loaded at the first call that needs it, so a server that
  // takes no payments through Stripe (the demo provider, every test) never imports it, and one
  // that does starts without waiting for it.
  let client: Promise<Stripe> | undefined;
  const sdk = () =>
    (client ??= import("stripe").then(
      ({ default: StripeClient }) =>
        new StripeClient(settings.secretKey, {
          ...(settings.api ?? {}),
          maxNetworkRetries: 2,
          timeout: 15_000,
        }),
    ));

  return {
    id: "stripe",
    async startCheckout(order, urls) {
      const membershipLine = order.items.find((i) => i.sku.startsWith("membership-"));
      const recurring = order.kind === "membership" && membershipLine;
      const interval = membershipLine?.sku === "membership-annual" ? "year" : "month";
      const session = await (await sdk()).checkout.sessions.create(
        {
          mode: recurring ? "subscription" : "payment",
          client_reference_id: order.id,
          metadata: { orderId: order.id, organisationId: order.organisationId },
          success_url: urls.success,
          cancel_url: urls.cancel,
          line_items: order.items.map((item) => ({
            quantity: item.quantity,
            price_data: {
              currency: order.currency.toLowerCase(),
              // VAT is part of what we charge; the invoice shows it per line.
              unit_amount: item.unitPence + Math.round(item.vatPence / item.quantity),
              product_data: { name: item.description },
              ...(recurring && item === membershipLine ? { recurring: { interval } } : {}),
            },
          })),
        },
        { idempotencyKey: `checkout-${order.id}` },
      );
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL.");
      return { redirectUrl: session.url, providerReference: session.id };
    },

    async refund({ order, amountPence, idempotencyKey }) {
      // Our order keeps the Checkout Session id; Stripe refunds the PaymentIntent behind it.
      if (!order.providerReference) throw new Error("The order has no Stripe checkout to refund.");
      const session = await (await sdk()).checkout.sessions.retrieve(order.providerReference);
      const paymentIntent =
        typeof session.payment_intent === "string"
          ? session.payment_intent
          : session.payment_intent?.id;
      if (!paymentIntent) throw new Error("The Stripe checkout has no payment to refund.");
      const refund = await (await sdk()).refunds.create(
        {
          payment_intent: paymentIntent,
          amount: amountPence,
          reason: "requested_by_customer",
          metadata: { orderId: order.id },
        },
        { idempotencyKey },
      );
      return { providerRefundId: refund.id };
    },

    async parseWebhook(rawBody, headers) {
      const signature = headers.get("stripe-signature");
      if (!signature) throw new WebhookVerificationError("Missing Stripe-Signature header.");
      const stripe = await sdk();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          settings.webhookSecret,
          webhookToleranceSeconds,
        );
      } catch (error) {
        throw new WebhookVerificationError((error as Error).message);
      }
      if (
        event.type === "checkout.session.completed" ||
        event.type === "checkout.session.async_payment_succeeded"
      ) {
        const session = event.data.object as Stripe.Checkout.Session;
        if (session.payment_status !== "paid" && session.payment_status !== "no_payment_required")
          return null;
        const orderId = session.client_reference_id ?? session.metadata?.orderId;
        if (!orderId) return null;
        return {
          provider: "stripe",
          eventId: event.id,
          type: "order.paid",
          orderId,
          providerReference: session.id,
          providerSubscriptionId:
            typeof session.subscription === "string"
              ? session.subscription
              : (session.subscription?.id ?? null),
        };
      }
      if (
        event.type === "checkout.session.async_payment_failed" ||
        event.type === "checkout.session.expired"
      ) {
        const session = event.data.object as Stripe.Checkout.Session;
        const orderId = session.client_reference_id ?? session.metadata?.orderId;
        return orderId
          ? {
              provider: "stripe",
              eventId: event.id,
              type: "order.failed",
              orderId,
              providerReference: session.id,
            }
          : null;
      }
      // Memberships bought through Stripe renew and end through its subscription events.
      if (event.type === "invoice.paid") {
        const invoice = event.data.object as Stripe.Invoice;
        if (invoice.billing_reason !== "subscription_cycle") return null;
        const subscription = invoice.parent?.subscription_details?.subscription;
        const subscriptionId = typeof subscription === "string" ? subscription : subscription?.id;
        return subscriptionId
          ? {
              provider: "stripe",
              eventId: event.id,
              type: "membership.renewed",
              subscriptionId,
              providerReference: invoice.id ?? null,
            }
          : null;
      }
      if (event.type === "customer.subscription.deleted") {
        const subscription = event.data.object as Stripe.Subscription;
        return {
          provider: "stripe",
          eventId: event.id,
          type: "membership.ended",
          subscriptionId: subscription.id,
        };
      }
      return null;
    },
  };
}
