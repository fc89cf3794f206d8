import { describe, expect, it } from "vitest";
import {
  creditPack,
  creditPacks,
  creditValidityMonths,
  currency,
  formatPence,
  membership,
  packageCalculatorDefaultQuantity,
  preEmploymentPhysicianCallMinutes,
  savingsCalculatorRange,
  services,
  turnaroundHours,
  vatOn,
  vatRate,
} from "./catalogue.ts";

// Every figure of seed §9 pinned, so a change to a price is a deliberate, reviewed change.
describe("price catalogue", () => {
  it("is in pounds sterling with UK standard-rate VAT", () => {
    expect(currency).toBe("GBP");
    expect(vatRate).toBe(0.2);
    expect(vatOn(125_00)).toBe(25_00);
    expect(vatOn(1_99)).toBe(40);
  });

  it("membership: £125 a month or £1,350 a year (10% less than twelve months)", () => {
    expect(membership.monthly.pricePence).toBe(125_00);
    expect(membership.annual.pricePence).toBe(1_350_00);
    expect(1 - membership.annual.pricePence / (12 * membership.monthly.pricePence)).toBeCloseTo(
      0.1,
    );
    expect(membership.perks).toEqual([
      "Priority scheduling",
      "24-hour turnaround",
      "Access to credit packs",
      "Discounted services",
    ]);
  });

  it("credit packs: Starter 10 for £850, Value 20 for £1,700, Plus 40 for £3,400, Enterprise 100 for £8,000", () => {
    expect(creditPacks.map((p) => [p.id, p.name, p.credits, p.pricePence])).toEqual([
      ["starter", "Starter", 10, 850_00],
      ["value", "Value", 20, 1_700_00],
      ["plus", "Plus", 40, 3_400_00],
      ["enterprise", "Enterprise", 100, 8_000_00],
    ]);
    expect(creditPacks.filter((p) => p.recommended).map((p) => p.id)).toEqual(["value"]);
    expect(creditPack("enterprise").features).toContain("Dedicated account manager");
    expect(creditValidityMonths).toBe(12);
    expect(() => creditPack("nope" as never)).toThrow();
  });

  it("credit costs and prices per referral", () => {
    expect(services.pre_employment).toMatchObject({
      creditCost: 1,
      standardPricePence: 95_00,
      memberPricePence: 85_00,
    });
    expect(services.management).toMatchObject({
      creditCost: 4,
      standardPricePence: 380_00,
      memberPricePence: 340_00,
    });
  });

  it("turnaround, physician call and calculator settings", () => {
    expect(turnaroundHours).toEqual({ member: 24, payPerReferral: 48 });
    expect(preEmploymentPhysicianCallMinutes).toBe(30);
    expect(savingsCalculatorRange).toEqual({ min: 1, max: 10, step: 1, default: 3 });
    expect(packageCalculatorDefaultQuantity).toBe(3);
  });

  it("formats pence as pounds the UK way", () => {
    expect(formatPence(1_350_00)).toBe("£1,350");
    expect(formatPence(12_50)).toBe("£12.50");
    expect(formatPence(-5_00)).toBe("-£5");
  });
});
