import { describe, expect, it } from "vitest";
import { calculateSavings } from "./calculate-savings.ts";

describe("calculateSavings", () => {
  it("includes the membership fee, so three management referrals a month save nothing", () => {
    expect(calculateSavings(3, "management")).toEqual({
      type: "management",
      casesPerMonth: 3,
      payPerReferralTotalPence: 1_140_00,
      membershipFeePence: 125_00,
      memberCasesTotalPence: 1_020_00,
      memberTotalPence: 1_145_00,
      monthlySavingsPence: -5_00,
      savingsPercent: 0,
      annualSavingsPence: 0,
      breakEvenCasesPerMonth: 4,
    });
  });

  // Four is the first volume that saves; ten saves £275 a month (7%).
  it.each([
    [4, 1_520_00, 1_485_00, 35_00, 2, 420_00],
    [10, 3_800_00, 3_525_00, 275_00, 7, 3_300_00],
  ])(
    "at %i management referrals a month: %ip without membership, %ip with",
    (casesPerMonth, payPerReferralTotalPence, memberTotalPence, monthlySavingsPence, savingsPercent, annualSavingsPence) => {
      expect(calculateSavings(casesPerMonth, "management")).toMatchObject({
        payPerReferralTotalPence,
        memberTotalPence,
        monthlySavingsPence,
        savingsPercent,
        annualSavingsPence,
      });
    },
  );

  it("needs thirteen pre-employment checks a month before membership pays for itself", () => {
    expect(calculateSavings(12, "pre_employment").monthlySavingsPence).toBe(-5_00);
    expect(calculateSavings(13, "pre_employment")).toMatchObject({
      breakEvenCasesPerMonth: 13,
      payPerReferralTotalPence: 1_235_00,
      memberTotalPence: 1_230_00,
      monthlySavingsPence: 5_00,
    });
  });

  it("the break-even volume is the first volume with a positive saving", () => {
    for (const type of ["management", "pre_employment"] as const) {
      const { breakEvenCasesPerMonth } = calculateSavings(1, type);
      expect(
        calculateSavings(breakEvenCasesPerMonth - 1, type).monthlySavingsPence,
      ).toBeLessThanOrEqual(0);
      expect(calculateSavings(breakEvenCasesPerMonth, type).monthlySavingsPence).toBeGreaterThan(0);
    }
  });

  it("refuses a negative or fractional volume", () => {
    expect(() => calculateSavings(-1, "management")).toThrow(RangeError);
    expect(() => calculateSavings(1.5, "management")).toThrow(RangeError);
  });
});
