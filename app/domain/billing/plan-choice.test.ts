import { describe, expect, it } from "vitest";
import {
  afterPaymentPath,
  orderRequestFor,
  parsePlanChoice,
  planTabFrom,
  referralFormPath,
} from "./plan-choice.ts";

describe("parsePlanChoice", () => {
  it.each([
    ["membership-monthly", { kind: "membership", interval: "monthly" }],
    ["membership-annual", { kind: "membership", interval: "annual" }],
    ["pack-value", { kind: "credit_pack", packId: "value" }],
    ["pack-enterprise", { kind: "credit_pack", packId: "enterprise" }],
    ["referral-management", { kind: "referral", referralType: "management" }],
  ])("reads the card %s", (card, choice) => {
    expect(parsePlanChoice(card)).toEqual(choice);
  });

  it("treats nothing or anything unknown as no selection", () => {
    expect(parsePlanChoice(null)).toBeNull();
    expect(parsePlanChoice("")).toBeNull();
    expect(parsePlanChoice("pack-gold")).toBeNull();
    expect(parsePlanChoice("membership-weekly")).toBeNull();
  });
});

describe("orderRequestFor", () => {
  it("asks only for the choice, never an amount", () => {
    expect(orderRequestFor({ kind: "membership", interval: "annual" })).toEqual({
      kind: "membership",
      interval: "annual",
    });
    expect(orderRequestFor({ kind: "credit_pack", packId: "starter" })).toEqual({
      kind: "credit_pack",
      packId: "starter",
    });
  });
});

describe("planTabFrom", () => {
  it("defaults to Membership", () => {
    expect(planTabFrom(null)).toBe("membership");
    expect(planTabFrom("nonsense")).toBe("membership");
    expect(planTabFrom("packs")).toBe("packs");
  });
});

describe("referralFormPath", () => {
  it("sends each referral type to its form", () => {
    expect(referralFormPath("management")).toBe("/employer-referral");
    expect(referralFormPath("pre_employment")).toBe("/pre-employment-referral");
  });
});

describe("afterPaymentPath", () => {
  it("follows seed §4", () => {
    expect(afterPaymentPath({ kind: "referral", grants: { referralId: "abc" } })).toBe(
      "/review-referral?referral=abc&payment=confirmed",
    );
    expect(afterPaymentPath({ kind: "credit_pack", grants: { packId: "value" } })).toBe(
      "/employer-subscription?notice=credits-purchased",
    );
    expect(afterPaymentPath({ kind: "membership", grants: { interval: "monthly" } })).toBe(
      "/employer-subscription?notice=membership-created",
    );
  });
});
