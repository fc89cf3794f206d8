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

describe("the virus scanner's daemon", () => {
  it("is off unless a socket or a host is given, and clamd's own port is the default", () => {
    const config = loadConfig({});
    expect(config.CLAMD_SOCKET).toBeUndefined();
    expect(config.CLAMD_HOST).toBeUndefined();
    expect(loadConfig({ CLAMD_HOST: "clamav.internal" }).CLAMD_PORT).toBe(3310);
    expect(loadConfig({ CLAMD_HOST: "clamav.internal", CLAMD_PORT: "3311" }).CLAMD_PORT).toBe(3311);
    expect(loadConfig({ CLAMD_SOCKET: "/run/clamav/clamd.ctl" }).CLAMD_SOCKET).toBe(
      "/run/clamav/clamd.ctl",
    );
  });

  it("refuses a port that is not one, and two daemons at once", () => {
    expect(() => loadConfig({ CLAMD_HOST: "clamav.internal", CLAMD_PORT: "70000" })).toThrow(
      /CLAMD_PORT/,
    );
    expect(() =>
      loadConfig({ CLAMD_SOCKET: "/run/clamav/clamd.ctl", CLAMD_HOST: "clamav.internal" }),
    ).toThrow("set CLAMD_SOCKET or CLAMD_HOST, not both");
  });
});
