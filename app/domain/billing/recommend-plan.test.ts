import { describe, expect, it } from "vitest";
import {
  type CompanySize,
  type HiringVolume,
  type PlanRecommendation,
  type QuizAnswers,
  quizQuestions,
  type ReferralFrequency,
  recommendPlan,
  type TurnaroundImportance,
} from "./recommend-plan.ts";

const sizes: CompanySize[] = ["small", "medium", "large"];
const hirings: HiringVolume[] = ["low", "medium", "high"];
const referralRates: ReferralFrequency[] = ["rare", "occasional", "frequent"];
const turnarounds: TurnaroundImportance[] = ["not-important", "somewhat", "very"];

/**
 * The expected plan for every combination, written out as a table (one row per company size and
 * hiring volume; columns are referral frequency × turnaround) so a reviewer can check each cell
 * against the seed's rules by hand rather than against a second copy of the same logic.
 * P = pay per referral, S = starter, V = value, X = plus.
 *                 rare: not/some/very   occasional: not/some/very   frequent: not/some/very
 */
const table: Record<CompanySize, Record<HiringVolume, string>> = {
  small: {
    low: "PPP PSS PXX",
    medium: "PSS PSS PSS",
    high: "PVV PSS PVV",
  },
  medium: {
    low: "PSS PVV PXX",
    medium: "PVV PVV PVV",
    high: "PXX PVV PXX",
  },
  large: {
    low: "PXX PXX PXX",
    medium: "PXX PXX PXX",
    high: "PXX PXX PXX",
  },
};
const letters: Record<string, PlanRecommendation> = {
  P: "pay-per-referral",
  S: "starter",
  V: "value",
  X: "plus",
};

describe("recommendPlan", () => {
  const cases: Array<[QuizAnswers, PlanRecommendation]> = [];
  for (const companySize of sizes)
    for (const hiring of hirings) {
      const row = table[companySize][hiring].replaceAll(" ", "");
      referralRates.forEach((referrals, r) => {
        turnarounds.forEach((turnaround, t) => {
          cases.push([{ companySize, hiring, referrals, turnaround }, letters[row[r * 3 + t]!]!]);
        });
      });
    }

  it("covers all 81 combinations", () => {
    expect(cases).toHaveLength(81);
    expect(new Set(cases.map(([a]) => JSON.stringify(a))).size).toBe(81);
  });

  it.each(cases)("%j → %s", (answers, expected) => {
    expect(recommendPlan(answers)).toBe(expected);
  });

  it("recommends every plan for some answers", () => {
    expect(new Set(cases.map(([, plan]) => plan))).toEqual(
      new Set(["pay-per-referral", "starter", "value", "plus"]),
    );
  });

  it("asks four questions with three answers each, covering every answer value", () => {
    expect(quizQuestions.map((q) => q.key)).toEqual([
      "companySize",
      "hiring",
      "referrals",
      "turnaround",
    ]);
    expect(quizQuestions.map((q) => q.options.map((o) => o.value))).toEqual([
      sizes,
      hirings,
      referralRates,
      turnarounds,
    ]);
  });
});
