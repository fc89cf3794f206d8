import type { Config } from "~/config.server.ts";
import { createDemoProvider } from "./demo-provider.server.ts";
import type { PaymentProvider } from "./provider.ts";
import { createStripeProvider } from "./stripe-provider.server.ts";

export type { PaymentProvider } from "./provider.ts";

export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.PAYMENT_PROVIDER === "stripe") {
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
    });
  }
  return createDemoProvider();
}

/** The seller as invoices name it, from configuration. */
export function invoiceSeller(config: Config): Record<string, string> {
  return {
    name: config.SELLER_NAME,
    ...(config.SELLER_ADDRESS ? { address: config.SELLER_ADDRESS } : {}),
    ...(config.SELLER_VAT_NUMBER ? { vatNumber: config.SELLER_VAT_NUMBER } : {}),
  };
}
