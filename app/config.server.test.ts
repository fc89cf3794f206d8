import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.server.ts";

const stripe = {
  NODE_ENV: "production",
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_live_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
};
const seller = {
  SELLER_NAME: "ReferOH Ltd",
  SELLER_ADDRESS: "1 Example Street, London EC1A 1AA",
  SELLER_COMPANY_NUMBER: "12345678",
  SELLER_VAT_NUMBER: "GB123456789",
};

describe("the seller's details for VAT invoices", () => {
  it("are required in production with real payments, naming each one missing", () => {
    expect(() => loadConfig(stripe)).toThrow(
      "VAT invoices need the seller's SELLER_ADDRESS, SELLER_COMPANY_NUMBER, SELLER_VAT_NUMBER",
    );
    expect(() => loadConfig({ ...stripe, ...seller, SELLER_VAT_NUMBER: " " })).toThrow(
      /SELLER_VAT_NUMBER/,
    );
    expect(loadConfig({ ...stripe, ...seller }).SELLER_VAT_NUMBER).toBe("GB123456789");
  });

  it("are optional for development and the demo provider", () => {
    expect(() => loadConfig({})).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: "production", ALLOW_DEMO_PAYMENTS: "true" })).not.toThrow();
  });
});
