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
