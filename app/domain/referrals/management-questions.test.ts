import { describe, expect, expectTypeOf, it } from "vitest";
import type { referral } from "~/db/schema/referrals.ts";
import { DRAFT_SECTION_OF, type DraftSectionOf } from "~/domain/reports/drafter.ts";
import { QUESTION_FIELDS } from "~/domain/reports/report-body.ts";
import { QUESTION_SECTIONS, reportSections } from "~/domain/reports/report-sections.ts";
import {
  askedQuestions,
  managementQuestions,
  type QuestionKey,
  questionKeys,
} from "./management-questions.ts";
import { type ManagementReferralInput, managementReferralSchema } from "./referral-input.ts";

/*
 * The questions are declared once (management-questions.ts); every consumer keeps a map over
 * their keys. These checks fail the build (tsc runs on tests) or the run if a consumer's map
 * drifts from the module: a question added to the module and missing from a map, or a map
 * keeping a question the module no longer has (docs/architecture.md §4).
 */

const sorted = (keys: readonly string[]) => [...keys].sort();

describe("the management-referral questions", () => {
  it("are the seed's seven, in the seed's order", () => {
    expect(questionKeys).toEqual([
      "fitForWork",
      "underlyingCondition",
      "timeToFitness",
      "recommendedAdjustments",
      "engageInProcesses",
      "equalityAct",
      "followUp",
    ]);
  });

  it("each have the employer's wording, the doctor's and the report's headings", () => {
    for (const key of questionKeys) {
      const q = managementQuestions[key];
      expect(q.question, key).toMatch(/\?$/);
      expect(q.doctorHeading, key).not.toBe("");
      expect(q.reportHeading, key).not.toBe("");
    }
  });

  it("are every consumer's keys, no more and no fewer", () => {
    const consumers: Record<string, readonly string[]> = {
      "the drafter's sections (drafter.ts)": Object.keys(DRAFT_SECTION_OF),
      "the report's fields (report-body.ts)": Object.keys(QUESTION_FIELDS),
      "the report's sections (report-sections.ts)": Object.keys(QUESTION_SECTIONS),
      "the referral form's schema (referral-input.ts)": Object.keys(
        managementReferralSchema.shape.questions.unwrap().shape,
      ),
    };
    for (const [consumer, keys] of Object.entries(consumers))
      expect(sorted(keys), consumer).toEqual(sorted(questionKeys));
  });

  it("give each report section one heading, however many questions it answers", () => {
    const headings = new Map<string, Set<string>>();
    for (const key of questionKeys) {
      const id = QUESTION_SECTIONS[key];
      headings.set(id, (headings.get(id) ?? new Set()).add(managementQuestions[key].reportHeading));
    }
    for (const [id, set] of headings) expect([...set], id).toHaveLength(1);
  });

  it("quote the employer's wording on the report section that answers them", () => {
    const sections = reportSections(
      {
        kind: "management",
        summary: "Managing the full role.",
        fitness: "fit",
        adjustments: ["A later start"],
        equalityActView: "may",
        formalProcesses: "Able to take part.",
        followUp: "Review in six weeks.",
        diagnosis: "Low back pain.",
      },
      { includeDiagnosis: true, questions: questionKeys },
    );
    for (const key of questionKeys) {
      const section = sections.find((s) => s.id === QUESTION_SECTIONS[key]);
      expect(section?.heading, key).toBe(managementQuestions[key].reportHeading);
      expect(section?.question, key).toContain(managementQuestions[key].question);
    }
  });

  it("are asked in the seed's order whatever order the flags are stored in", () => {
    expect(askedQuestions({ followUp: true, fitForWork: true, equalityAct: false })).toEqual([
      "fitForWork",
      "followUp",
    ]);
    expect(askedQuestions(null)).toEqual([]);
  });

  it("type every consumer's map by the module's keys (checked by tsc)", () => {
    expectTypeOf<keyof typeof DRAFT_SECTION_OF>().toEqualTypeOf<QuestionKey>();
    expectTypeOf<keyof typeof QUESTION_FIELDS>().toEqualTypeOf<QuestionKey>();
    expectTypeOf<keyof typeof QUESTION_SECTIONS>().toEqualTypeOf<QuestionKey>();
    expectTypeOf<
      keyof NonNullable<(typeof referral.$inferSelect)["questions"]>
    >().toEqualTypeOf<QuestionKey>();
    expectTypeOf<keyof ManagementReferralInput["questions"]>().toEqualTypeOf<QuestionKey>();
    // The drafter's per-question functions return the section the question maps to.
    expectTypeOf<DraftSectionOf<"timeToFitness">>().toHaveProperty("estimate");
    // A map over the questions that leaves one out does not compile.
    // @ts-expect-error: followUp is missing
    const partial: Record<QuestionKey, string> = {
      fitForWork: "",
      underlyingCondition: "",
      timeToFitness: "",
      recommendedAdjustments: "",
      engageInProcesses: "",
      equalityAct: "",
    };
    expect(Object.keys(partial)).not.toContain("followUp");
  });
});
