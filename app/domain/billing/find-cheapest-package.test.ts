import { describe, expect, it } from "vitest";
import { findCheapestPackage } from "./find-cheapest-package.ts";

const totals = (quantity: number, type: "pre_employment" | "management") =>
  Object.fromEntries(
    findCheapestPackage(quantity, type).options.map((o) => [o.kind, o.totalPence]),
  );

describe("findCheapestPackage", () => {
  it("three pre-employment checks: paying per referral is cheapest", () => {
    const quote = findCheapestPackage(3, "pre_employment");
    expect(quote.cheapest.kind).toBe("pay-per-referral");
    expect(quote.cheapest.totalPence).toBe(285_00);
    expect(quote.cheapest.turnaroundHours).toBe(48);
    // No credit-pack option: a pack would cost more than three member-price checks.
    expect(totals(3, "pre_employment")).toEqual({ "pay-per-referral": 285_00, membership: 380_00 });
  });

  it("three management referrals: £1,140 per referral against £1,145 with membership", () => {
    expect(totals(3, "management")).toEqual({
      "pay-per-referral": 1_140_00,
      membership: 1_145_00,
    });
    expect(findCheapestPackage(3, "management").cheapest.kind).toBe("pay-per-referral");
  });

  it("four management referrals: membership wins by £35", () => {
    const quote = findCheapestPackage(4, "management");
    expect(quote.cheapest.kind).toBe("membership");
    expect(quote.cheapest.totalPence).toBe(1_485_00);
    expect(quote.cheapest.lines).toEqual([
      {
        label: "Monthly membership (one month)",
        quantity: 1,
        unitPence: 125_00,
        totalPence: 125_00,
      },
      {
        label: "Management Referrals at the member price",
        quantity: 4,
        unitPence: 340_00,
        totalPence: 1_360_00,
      },
    ]);
  });

  it("25 management referrals (100 credits): the Enterprise pack wins", () => {
    const quote = findCheapestPackage(25, "management");
    expect(quote.cheapest.kind).toBe("membership-credits");
    expect(quote.cheapest.totalPence).toBe(8_125_00);
    expect(quote.cheapest.spareCredits).toBe(0);
    expect(totals(25, "management")).toEqual({
      "membership-credits": 8_125_00,
      membership: 8_625_00,
      "pay-per-referral": 9_500_00,
    });
  });

  it("a pack plus member-price top-ups when a second pack would cost more", () => {
    // 105 checks: Enterprise (100 credits) plus five at £85 beats two packs.
    const quote = findCheapestPackage(105, "pre_employment");
    expect(quote.cheapest.kind).toBe("membership-credits");
    expect(quote.cheapest.totalPence).toBe(125_00 + 8_000_00 + 5 * 85_00);
    expect(quote.cheapest.spareCredits).toBe(0);
  });

  it("ties keep the simpler way first", () => {
    // Ten checks: a Starter pack costs exactly ten member prices, so the pack option ties.
    const quote = findCheapestPackage(10, "pre_employment");
    expect(quote.options.map((o) => [o.kind, o.totalPence])).toEqual([
      ["pay-per-referral", 950_00],
      ["membership", 975_00],
      ["membership-credits", 975_00],
    ]);
  });

  it("the cheapest is never beaten by another option, for every quantity up to 200", () => {
    for (const type of ["pre_employment", "management"] as const)
      for (let n = 1; n <= 200; n++) {
        const quote = findCheapestPackage(n, type);
        for (const o of quote.options)
          expect(quote.cheapest.totalPence).toBeLessThanOrEqual(o.totalPence);
        expect(quote.cheapest.totalPence).toBeLessThanOrEqual(
          n * (type === "management" ? 380_00 : 95_00),
        );
      }
  });

  it("refuses quantities outside 1–500", () => {
    expect(() => findCheapestPackage(0, "management")).toThrow(RangeError);
    expect(() => findCheapestPackage(501, "management")).toThrow(RangeError);
    expect(() => findCheapestPackage(2.5, "management")).toThrow(RangeError);
  });
});
