import { describe, expect, it } from "vitest";
import { NEGATIVE_SENTENCES, POSITIVE_SENTENCES } from "./__fixtures__/safety-corpus.ts";
import { screenFreeText } from "./safety-phrases.ts";

/*
 * The screen's measured recall (docs/architecture.md §5a): at least 150 positive and 100
 * negative sentences; at least 95 % of the positives flagged, and at most 5 % of the negatives.
 * The figures are printed on every run, so a change to the phrases shows what it did.
 */

const level = (text: string) => screenFreeText(text)?.level ?? "none";
const percent = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;

describe("the safety screen on its corpus", () => {
  const positives = POSITIVE_SENTENCES.map((p) => ({ ...p, got: level(p.text) }));
  const negatives = NEGATIVE_SENTENCES.map((text) => ({ text, got: level(text) }));
  const missed = positives.filter((p) => p.got === "none");
  const urgent = positives.filter((p) => p.level === "urgent");
  const urgentUnderCalled = urgent.filter((p) => p.got !== "urgent");
  const reviewOverCalled = positives.filter((p) => p.level === "review" && p.got === "urgent");
  const falseFlags = negatives.filter((n) => n.got !== "none");
  const recall = (positives.length - missed.length) / positives.length;
  const falseFlagRate = falseFlags.length / negatives.length;

  it("is big enough to measure", () => {
    expect(POSITIVE_SENTENCES.length).toBeGreaterThanOrEqual(150);
    expect(NEGATIVE_SENTENCES.length).toBeGreaterThanOrEqual(100);
    // One sentence counted twice would flatter the figures.
    expect(new Set(POSITIVE_SENTENCES.map((p) => p.text)).size).toBe(POSITIVE_SENTENCES.length);
    expect(new Set(NEGATIVE_SENTENCES).size).toBe(NEGATIVE_SENTENCES.length);
  });

  it("flags at least 95 % of the positives and at most 5 % of the negatives", () => {
    console.log(
      [
        `safety screen: ${positives.length} positives, ${negatives.length} negatives`,
        `recall ${percent(positives.length - missed.length, positives.length)} (${missed.length} missed)`,
        `urgent positives raised as urgent ${percent(urgent.length - urgentUnderCalled.length, urgent.length)} (${urgentUnderCalled.length} of ${urgent.length} not)`,
        `review positives raised as urgent: ${reviewOverCalled.length}`,
        `false flags ${percent(falseFlags.length, negatives.length)} (${falseFlags.length})`,
        ...missed.map((p) => `  missed: ${JSON.stringify(p.text)}`),
        ...urgentUnderCalled.map((p) => `  urgent read as ${p.got}: ${JSON.stringify(p.text)}`),
        ...falseFlags.map((n) => `  false flag (${n.got}): ${JSON.stringify(n.text)}`),
      ].join("\n"),
    );
    expect(recall).toBeGreaterThanOrEqual(0.95);
    expect(falseFlagRate).toBeLessThanOrEqual(0.05);
  });

  it("raises at least 95 % of the urgent positives as urgent, not only for review", () => {
    // Under-calling an urgent sentence delays the phone call the pathway exists for.
    expect((urgent.length - urgentUnderCalled.length) / urgent.length).toBeGreaterThanOrEqual(0.95);
  });

  it("never calls a negative urgent", () => {
    expect(negatives.filter((n) => n.got === "urgent").map((n) => n.text)).toEqual([]);
  });
});
