import { describe, expect, it } from "vitest";
import { describeReferralCost, referralCost } from "./referral-cost.ts";

describe("what a referral will spend, shown before submitting", () => {
  it("spends credits when the balance covers the cost", () => {
    const cost = referralCost("management", { credits: 10, standing: "active" });
    expect(cost).toEqual({ method: "credits", credits: 4, balance: 10 });
    expect(describeReferralCost(cost)).toBe(
      "Submitting uses 4 credits from your balance of 10 (6 left). Nothing is charged to a card.",
    );
  });

  it("otherwise charges the standard or member price with VAT, by card", () => {
    expect(describeReferralCost(referralCost("management", { credits: 3, standing: "none" }))).toBe(
      "You do not have enough credits, so you pay £456.00 by card on the next page: £380.00 (standard price) + £76.00 VAT. Report within 48 hours.",
    );
    expect(referralCost("pre_employment", { credits: 0, standing: "cancelled" })).toMatchObject({
      method: "card",
      netPence: 8_500,
      vatPence: 1_700,
      memberPrice: true,
      turnaroundHours: 24,
    });
  });
});
