import { describe, expect, it } from "vitest";
import { buildManagementAssessment } from "./build-management-assessment.ts";
import { gad7Band, phq9Band, scoreGad7, scorePhq9 } from "./score-instruments.ts";

// Both instruments draw the same lines up to "moderate" (5, 10 and 15).
const lowerBands: [number, string][] = [
  [0, "minimal"],
  [4, "minimal"],
  [5, "mild"],
  [9, "mild"],
  [10, "moderate"],
  [14, "moderate"],
];

describe.each([
  {
    name: "phq9Band",
    band: phq9Band as (total: number) => string,
    boundaries: [
      ...lowerBands,
      [15, "moderately-severe"],
      [19, "moderately-severe"],
      [20, "severe"],
      [27, "severe"],
    ] as [number, string][],
    // Outside 0–27, or not a whole number.
    refused: [-1, 28, 3.5],
  },
  {
    name: "gad7Band",
    band: gad7Band as (total: number) => string,
    boundaries: [...lowerBands, [15, "severe"], [21, "severe"]] as [number, string][],
    // Outside 0–21.
    refused: [22],
  },
])("$name at every boundary", ({ band, boundaries, refused }) => {
  it.each(boundaries)("%d is %s", (total, expected) => expect(band(total)).toBe(expected));

  it.each(refused)("refuses a total of %d", (total) => {
    expect(() => band(total)).toThrow(RangeError);
  });
});

describe("scoring a guided assessment", () => {
  const definition = buildManagementAssessment({ referralReason: "Stress" });
  const gate = { "mental-health.affected": "yes" };
  const phq = (scores: number[]) =>
    Object.fromEntries(scores.map((s, i) => [`phq9.${i + 1}`, String(s)]));
  const gad = (scores: number[]) =>
    Object.fromEntries(scores.map((s, i) => [`gad7.${i + 1}`, String(s)]));

  it("sums the option ordinal values of all nine PHQ-9 items", () => {
    const score = scorePhq9(definition, { ...gate, ...phq([3, 3, 2, 2, 1, 1, 1, 1, 0]) });
    expect(score).toMatchObject({
      instrument: "PHQ-9",
      total: 14,
      band: "moderate",
      item9: 0,
      answeredItems: 9,
    });
  });

  it("scores the extremes 0 and 27, 0 and 21", () => {
    expect(scorePhq9(definition, { ...gate, ...phq(Array(9).fill(0)) })?.total).toBe(0);
    expect(scorePhq9(definition, { ...gate, ...phq(Array(9).fill(3)) })).toMatchObject({
      total: 27,
      band: "severe",
      item9: 3,
    });
    expect(scoreGad7(definition, { ...gate, ...gad(Array(7).fill(0)) })).toMatchObject({
      total: 0,
      band: "minimal",
    });
    expect(scoreGad7(definition, { ...gate, ...gad(Array(7).fill(3)) })).toMatchObject({
      total: 21,
      band: "severe",
    });
  });

  it("gives no total until every item is answered (no prorating)", () => {
    const score = scoreGad7(definition, { ...gate, ...gad([2, 2, 2]) });
    expect(score).toMatchObject({ total: null, band: null, answeredItems: 3, itemCount: 7 });
  });

  it("does not score the unscored difficulty question", () => {
    const score = scorePhq9(definition, {
      ...gate,
      ...phq(Array(9).fill(1)),
      "phq9.difficulty": "extremely",
    });
    expect(score?.total).toBe(9);
    expect(score?.linkIds).not.toContain("phq9.difficulty");
  });

  it("is null when the instruments are not enabled", () => {
    expect(
      scorePhq9(definition, { "mental-health.affected": "no", ...phq(Array(9).fill(3)) }),
    ).toBeNull();
    expect(scoreGad7(definition, {})).toBeNull();
  });

  it("opens the instruments when mental health is among the conditions, even if the gate says no", () => {
    const answers = {
      "condition.categories": ["mental-health"],
      "mental-health.affected": "no",
      ...gad([1, 1, 1, 1, 1, 1, 1]),
    };
    expect(scoreGad7(definition, answers)?.total).toBe(7);
  });
});
