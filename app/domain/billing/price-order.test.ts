import { describe, expect, it } from "vitest";
import { DomainError } from "~/domain/kernel/errors.ts";
import { decideReferralPayment, priceOrder } from "./price-order.ts";

describe("priceOrder", () => {
  it("prices a monthly membership at £125 + 20% VAT", () => {
    const order = priceOrder({ kind: "membership", interval: "monthly" }, { membership: "none" });
    expect(order.items).toEqual([
      {
        sku: "membership-monthly",
        description: "Monthly membership",
        quantity: 1,
        unitPence: 12500,
        netPence: 12500,
        vatPence: 2500,
      },
    ]);
    expect(order).toMatchObject({
      netPence: 12500,
      vatPence: 2500,
      totalPence: 15000,
      grants: { interval: "monthly" },
    });
  });

  it("prices an annual membership with the Value pack as two lines", () => {
    const order = priceOrder(
      { kind: "membership", interval: "annual", packId: "value" },
      { membership: "none" },
    );
    expect(order.items.map((i) => [i.sku, i.netPence, i.vatPence])).toEqual([
      ["membership-annual", 135000, 27000],
      ["pack-value", 170000, 34000],
    ]);
    expect(order.totalPence).toBe((135000 + 170000) * 1.2);
    expect(order.grants).toEqual({ interval: "annual", packId: "value" });
  });

  it.each([
    ["starter", 85000],
    ["value", 170000],
    ["plus", 340000],
    ["enterprise", 800000],
  ] as const)("prices the %s pack at %i pence for members", (packId, net) => {
    const order = priceOrder({ kind: "credit_pack", packId }, { membership: "active" });
    expect(order.netPence).toBe(net);
    expect(order.vatPence).toBe(net / 5);
  });

  it("refuses a credit pack without a membership", () => {
    expect(() =>
      priceOrder({ kind: "credit_pack", packId: "starter" }, { membership: "none" }),
    ).toThrow(DomainError);
  });

  it("sells packs to a cancelled membership until its paid period ends", () => {
    expect(
      priceOrder({ kind: "credit_pack", packId: "starter" }, { membership: "cancelled" }).netPence,
    ).toBe(85_000);
  });

  it("refuses a second membership", () => {
    expect(() =>
      priceOrder({ kind: "membership", interval: "monthly" }, { membership: "active" }),
    ).toThrow(/already/);
  });

  it.each([
    ["pre_employment", false, 9500],
    ["pre_employment", true, 8500],
    ["management", false, 38000],
    ["management", true, 34000],
  ] as const)("prices a %s referral (member %s) at %i pence", (referralType, isMember, net) => {
    const membership = isMember ? "active" : "none";
    const order = priceOrder(
      { kind: "referral", referralType, referralId: "r1", reference: "REF-000042" },
      { membership },
    );
    expect(order.netPence).toBe(net);
    expect(order.totalPence).toBe(net * 1.2);
    expect(order.grants).toEqual({ referralId: "r1" });
    // The line names the case it pays for, so the invoice can be matched to it.
    expect(order.items).toEqual([expect.objectContaining({ reference: "REF-000042" })]);
  });
});

describe("decideReferralPayment", () => {
  it("spends 1 credit on a pre-employment check and 4 on a management referral", () => {
    expect(decideReferralPayment("pre_employment", { isMember: true, creditBalance: 1 })).toEqual({
      method: "credits",
      credits: 1,
    });
    expect(decideReferralPayment("management", { isMember: true, creditBalance: 4 })).toEqual({
      method: "credits",
      credits: 4,
    });
  });

  it("charges the member price when the balance is short", () => {
    expect(decideReferralPayment("management", { isMember: true, creditBalance: 3 })).toEqual({
      method: "order",
      pricePence: 34000,
      memberPrice: true,
    });
  });

  it("charges non-members the standard price", () => {
    expect(decideReferralPayment("pre_employment", { isMember: false, creditBalance: 0 })).toEqual({
      method: "order",
      pricePence: 9500,
      memberPrice: false,
    });
  });
});
