import { describe, expect, it } from "vitest";
import { buildManagementAssessment } from "./build-management-assessment.ts";
import { getQuestionnaire } from "./questionnaire-registry.ts";
import type { Questionnaire } from "./questionnaire-types.ts";
import { buildAnswersSchema, validateAnswers } from "./validate-answers.ts";

const def: Questionnaire = {
  resourceType: "Questionnaire",
  url: "urn:test",
  version: "1",
  name: "t",
  title: "T",
  status: "draft",
  item: [
    { linkId: "intro", type: "display", text: "Hello" },
    { linkId: "smoker", type: "boolean", text: "Smoke?", required: true },
    {
      linkId: "per-day",
      type: "integer",
      text: "How many a day?",
      required: true,
      enableWhen: [{ question: "smoker", operator: "=", answerBoolean: true }],
      extension: [
        { url: "http://hl7.org/fhir/StructureDefinition/minValue", valueInteger: 1 },
        { url: "http://hl7.org/fhir/StructureDefinition/maxValue", valueInteger: 200 },
      ],
    },
    {
      linkId: "kind",
      type: "choice",
      text: "Kind",
      repeats: true,
      answerOption: [
        { valueCoding: { code: "cig", display: "Cigarettes" } },
        { valueCoding: { code: "vape", display: "Vapes" } },
      ],
    },
    { linkId: "when", type: "date", text: "When did you start?" },
    { linkId: "note", type: "string", text: "Note", maxLength: 10 },
  ],
};

describe("validateAnswers", () => {
  it("saves a partial answer set in progress without requiring anything", () => {
    expect(validateAnswers(def, {}, "in-progress")).toEqual({
      success: true,
      answers: {},
      dropped: [],
    });
    expect(validateAnswers(def, { smoker: true }, "in-progress")).toMatchObject({
      success: true,
      answers: { smoker: true },
    });
  });

  it("requires enabled required questions on submit, and only those", () => {
    const missing = validateAnswers(def, { smoker: true }, "completed");
    expect(missing).toEqual({
      success: false,
      issues: [{ linkId: "per-day", code: "required", message: "Answer this question" }],
    });
    // per-day is disabled when the answer is No, so it is not required.
    expect(validateAnswers(def, { smoker: false }, "completed")).toMatchObject({ success: true });
    expect(validateAnswers(def, {}, "completed")).toMatchObject({
      success: false,
      issues: [{ linkId: "smoker", code: "required" }],
    });
  });

  it("drops answers to disabled items and reports them", () => {
    expect(validateAnswers(def, { smoker: false, "per-day": 10 }, "completed")).toEqual({
      success: true,
      answers: { smoker: false },
      dropped: ["per-day"],
    });
  });

  it("refuses unknown items and display items", () => {
    expect(validateAnswers(def, { nope: 1 }, "in-progress")).toMatchObject({
      success: false,
      issues: [{ linkId: "nope", code: "unknown_item" }],
    });
    expect(validateAnswers(def, { intro: "x" }, "in-progress")).toMatchObject({
      success: false,
      issues: [{ linkId: "intro", code: "not_answerable" }],
    });
    expect(validateAnswers(def, ["x"], "in-progress").success).toBe(false);
  });

  it("checks types, ranges, option codes, lengths and real dates", () => {
    const bad = (answers: Record<string, unknown>) => validateAnswers(def, answers, "in-progress");
    expect(bad({ smoker: "maybe" })).toMatchObject({
      success: false,
      issues: [{ linkId: "smoker", message: "Select yes or no" }],
    });
    expect(bad({ smoker: true, "per-day": 0 })).toMatchObject({
      success: false,
      issues: [{ linkId: "per-day", message: "Enter 1 or more" }],
    });
    expect(bad({ smoker: true, "per-day": 2.5 })).toMatchObject({
      success: false,
      issues: [{ linkId: "per-day", message: "Enter a whole number" }],
    });
    expect(bad({ kind: ["cig", "pipe"] })).toMatchObject({
      success: false,
      issues: [{ linkId: "kind" }],
    });
    expect(bad({ kind: ["cig", "cig"] })).toMatchObject({
      success: false,
      issues: [{ linkId: "kind", message: "Select each option only once" }],
    });
    expect(bad({ note: "12345678901" })).toMatchObject({
      success: false,
      issues: [{ linkId: "note" }],
    });
    expect(bad({ when: "2026-02-30" })).toMatchObject({
      success: false,
      issues: [{ linkId: "when", message: "Enter a real date" }],
    });
    expect(bad({ when: "31/01/2026" }).success).toBe(false);
    expect(bad({ when: "2026-02" })).toMatchObject({ success: true, answers: { when: "2026-02" } });
  });

  it("accepts what a form without JavaScript posts: strings for booleans and numbers, blanks as unanswered", () => {
    expect(
      validateAnswers(
        def,
        { smoker: "true", "per-day": " 12 ", kind: "vape", note: "  ", when: "" },
        "in-progress",
      ),
    ).toEqual({
      success: true,
      answers: { smoker: true, "per-day": 12, kind: ["vape"] },
      dropped: [],
    });
  });

  it("exposes the generated zod schema, whose output is the cleaned answer set", () => {
    const schema = buildAnswersSchema(def, "completed");
    expect(schema.parse({ smoker: "false", kind: [] })).toEqual({ smoker: false });
    expect(schema.safeParse({ smoker: true }).success).toBe(false);
  });

  it("only accepts a choice code from the item's own answerOption in a real definition", () => {
    const core = getQuestionnaire("pre-employment-core", "1");
    expect(
      validateAnswers(
        core,
        { "core.condition": true, "core.condition.effect": "many-tasks" },
        "in-progress",
      ).success,
    ).toBe(true);
    expect(
      validateAnswers(
        core,
        { "core.condition": true, "core.condition.effect": "yes" },
        "in-progress",
      ).success,
    ).toBe(false);
  });

  it("on submit of the guided assessment, requires PHQ-9 and GAD-7 only when mental health is involved", () => {
    const guided = buildManagementAssessment({ referralReason: "Absence" });
    const base = {
      "reason.agree": "yes",
      "condition.categories": ["musculoskeletal"],
      "condition.description": "Low back pain since lifting",
      "condition.duration": "1-3m",
      "condition.diagnosis-status": "yes",
      "condition.trend": "improving",
      "condition.long-term": "no",
      "treatment.current": ["physiotherapy"],
      "treatment.helping": "yes",
      "function.daily": "minor",
      "function.without-treatment": "substantial",
      "work.status": "modified",
      "work.absence-days": 5,
      "work.difficult-tasks": "Lifting boxes",
      "work.contributing": "no",
      "support.adjustments": ["less-physical"],
      "support.existing": "helping",
      "return.expectation": "2-4w",
      "process.meetings": "able",
      "mental-health.affected": "no",
      "closing.consultation": false,
    };
    expect(validateAnswers(guided, base, "completed")).toMatchObject({ success: true });
    const withMh = validateAnswers(
      guided,
      { ...base, "mental-health.affected": "yes" },
      "completed",
    );
    expect(withMh.success).toBe(false);
    if (!withMh.success)
      expect(withMh.issues.map((i) => i.linkId)).toEqual([
        ...Array.from({ length: 9 }, (_, i) => `phq9.${i + 1}`),
        ...Array.from({ length: 7 }, (_, i) => `gad7.${i + 1}`),
        "safety.thoughts",
      ]);
  });
});
