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

  it("saves from four management referrals a month", () => {
    const four = calculateSavings(4, "management");
    expect(four.payPerReferralTotalPence).toBe(1_520_00);
    expect(four.memberTotalPence).toBe(1_485_00);
    expect(four.monthlySavingsPence).toBe(35_00);
    expect(four.savingsPercent).toBe(2);
    expect(four.annualSavingsPence).toBe(420_00);
  });

  it("saves £275 a month (7%) at ten management referrals", () => {
    const ten = calculateSavings(10, "management");
    expect(ten.payPerReferralTotalPence).toBe(3_800_00);
    expect(ten.memberTotalPence).toBe(3_525_00);
    expect(ten.monthlySavingsPence).toBe(275_00);
    expect(ten.savingsPercent).toBe(7);
    expect(ten.annualSavingsPence).toBe(3_300_00);
  });

  it("needs thirteen pre-employment checks a month before membership pays for itself", () => {
    expect(calculateSavings(12, "pre_employment").monthlySavingsPence).toBe(-5_00);
    const thirteen = calculateSavings(13, "pre_employment");
    expect(thirteen.breakEvenCasesPerMonth).toBe(13);
    expect(thirteen.payPerReferralTotalPence).toBe(1_235_00);
    expect(thirteen.memberTotalPence).toBe(1_230_00);
    expect(thirteen.monthlySavingsPence).toBe(5_00);
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
