import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drafterCases } from "~tests/support/disclosure/drafter-cases.ts";
import { DRAFTER_FINDINGS } from "~tests/support/disclosure/drafter-findings.ts";
import { FUNCTIONAL_SENTENCES } from "~tests/support/disclosure/functional-sentences.ts";
import { HOSTILE_CASES, KEPT_BACK } from "~tests/support/disclosure/hostile-cases.ts";
import { type ClinicalFinding, findClinicalStatements } from "./find-clinical-statements.server.ts";

const brief = (text: string, context = KEPT_BACK) =>
  findClinicalStatements(text, context).map((f: ClinicalFinding) => ({
    kind: f.kind,
    text: f.text,
  }));

describe("findClinicalStatements on hostile cases", () => {
  it.each(HOSTILE_CASES)("$name", ({ text, context, expected }) => {
    expect(brief(text, context)).toEqual(expected);
  });

  it("gives one key for every form of a concept", () => {
    const keys = ["Depression", "depressive", "depressed"].map(
      (w) => findClinicalStatements(`She is ${w}.`, KEPT_BACK)[0]?.key,
    );
    expect(keys).toEqual(["depression", "depression", "depression"]);
    const scores = ["scored fourteen", "14/27", "Fourteen of a possible twenty-seven"].map(
      (w) => findClinicalStatements(w, KEPT_BACK)[0]?.key,
    );
    expect(scores).toEqual(["score 14", "score 14", "score 14"]);
  });

  it("never lets third-party or copied text be marked, and explains every finding", () => {
    const findings = findClinicalStatements(
      "Her mother has bowel cancer. The HERON-SPINE-5521 feeling. She is anxious.",
      KEPT_BACK,
    );
    expect(findings.map((f) => [f.kind, f.markable])).toEqual([
      ["third-party", false],
      ["copied", false],
      ["diagnosis", true],
    ]);
    for (const f of findings) expect(f.reason).toMatch(/^[A-Z].*\.$/);
  });
});

describe("disguised and pasted forms of a word", () => {
  // Kept as fixtures: a fullwidth word, invisible characters pasted inside one, a ligature, a
  // Cyrillic look-alike letter, and spacing or hyphens between the letters.
  it.each([
    ["fullwidth letters", "She has ｄｅｐｒｅｓｓｉｏｎ.", "ｄｅｐｒｅｓｓｉｏｎ"],
    ["a zero-width space inside", "She has depres\u200Bsion.", "depres\u200Bsion"],
    ["a soft hyphen inside", "Managing her dia\u00ADbetes.", "dia\u00ADbetes"],
    [
      "a zero-width joiner and a word joiner",
      "On sertr\u200Dal\u2060ine daily.",
      "sertr\u200Dal\u2060ine",
    ],
    ["a ligature", "Her ﬁbromyalgia flares.", "ﬁbromyalgia"],
  ])("finds %s, reported where it stands in what was written", (_name, text, word) => {
    const [finding] = findClinicalStatements(text, KEPT_BACK);
    expect(finding?.text).toBe(word);
    expect(text.slice(finding!.start, finding!.end)).toBe(word);
  });

  it.each([
    "She has dеpression.", // Cyrillic е
    "She has d-e-p-r-e-s-s-i-o-n.",
    "She has D E P R E S S I O N.",
  ])("finds a look-alike or spelt-out word: %s", (text) => {
    expect(findClinicalStatements(text, KEPT_BACK).length).toBeGreaterThan(0);
  });

  it("keeps offsets right for findings after an invisible character", () => {
    const text = "Zero\u200Bwidth aside, she takes sertraline.";
    const found = findClinicalStatements(text, KEPT_BACK);
    expect(found.map((f) => text.slice(f.start, f.end))).toContain("sertraline");
  });
});

describe("ordinary functional sentences", () => {
  it.each(FUNCTIONAL_SENTENCES)("finds nothing in “%s”", (sentence) => {
    expect(brief(sentence)).toEqual([]);
  });
});

describe("the rules drafter's untouched pre-fill", () => {
  it("gives the recorded findings on every drafter fixture", async () => {
    const found: Record<string, { field: string; kind: string; text: string }[]> = {};
    for (const c of await drafterCases())
      found[c.name] = c.fields.flatMap(({ field, text }) =>
        findClinicalStatements(text, c.context).map((f) => ({ field, kind: f.kind, text: f.text })),
      );
    expect(found).toEqual(DRAFTER_FINDINGS);
  });
});

describe("properties", () => {
  const functional = fc.constantFrom(...FUNCTIONAL_SENTENCES);

  it("never throws, and gives sorted, non-overlapping spans that slice to their text", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 300 }),
        fc.array(fc.string()),
        (text, answers) => {
          const findings = findClinicalStatements(text, {
            answers,
            diagnoses: answers.slice(0, 1),
          });
          let previousEnd = 0;
          for (const f of findings) {
            expect(f.start).toBeGreaterThanOrEqual(previousEnd);
            expect(f.end).toBeGreaterThan(f.start);
            expect(text.slice(f.start, f.end)).toBe(f.text);
            previousEnd = f.end;
          }
        },
      ),
    );
  });

  it("keeps each finding of a hostile case when functional sentences stand around it", () => {
    const cases = fc.constantFrom(...HOSTILE_CASES.filter((c) => c.expected.length > 0));
    fc.assert(
      fc.property(cases, functional, functional, (c, before, after) => {
        const text = `${before} ${c.text} ${after}`;
        expect(brief(text, c.context)).toEqual(c.expected);
      }),
    );
  });

  it("finds nothing in any paragraph of functional sentences", () => {
    fc.assert(
      fc.property(fc.array(functional, { minLength: 1, maxLength: 8 }), (sentences) => {
        expect(brief(sentences.join(" "))).toEqual([]);
      }),
    );
  });
});
