import { describe, expect, it } from "vitest";
import type { ManagementReportBody } from "./report-body.ts";
import { hasDiagnosis, reportSections, UNDERLYING_CONDITION_KEPT_BACK } from "./report-sections.ts";

const body: ManagementReportBody = {
  kind: "management",
  answers: [
    { question: "fitForWork", answer: "Yes, with a phased return." },
    { question: "underlyingCondition", answer: "Yes: a depressive episode." },
  ],
  fitness: "temporarily-unfit",
  timescale: "about six weeks",
  adjustments: ["Phased return over four weeks"],
  equalityActOpinion: "Likely to apply.",
  diagnosis: "Moderate depressive episode",
  summary: "Jo has been unwell since March.",
};

describe("reportSections", () => {
  it("gives the person every section, diagnosis included", () => {
    const sections = reportSections(body, { includeDiagnosis: true });
    expect(sections.map((s) => s.id)).toEqual([
      "summary",
      "diagnosis",
      "recommendations",
      "fitness",
      "answers",
      "equality-act",
    ]);
    expect(sections.find((s) => s.id === "fitness")?.text).toBe(
      "Temporarily unfit. Estimated time to regain fitness: about six weeks",
    );
    expect(sections.find((s) => s.id === "answers")?.answers).toHaveLength(2);
  });

  it("prints the expected return and the follow-up review date in words the employer reads", () => {
    const sections = reportSections(
      {
        ...body,
        expectedReturnOn: "2027-01-11",
        followUp: "See how the phased return went.",
        followUpBy: "2027-02-08",
      },
      { includeDiagnosis: false, questions: ["followUp"] },
    );
    expect(sections.find((s) => s.id === "fitness")?.text).toContain(
      "Expected return to work: 11 January 2027.",
    );
    expect(JSON.stringify(sections)).toContain("Review by 8 February 2027.");
  });

  it("keeps the diagnosis and the underlying-condition answer from the employer unless released", () => {
    const sections = reportSections(body, { includeDiagnosis: false });
    expect(sections.some((s) => s.id === "diagnosis")).toBe(false);
    const answers = sections.find((s) => s.id === "answers")?.answers ?? [];
    expect(answers.map((a) => a.answer)).toEqual(["Yes, with a phased return."]);
    expect(JSON.stringify(sections)).not.toContain("depressive");
  });

  it("still answers the employer's question on an underlying condition when the diagnosis is kept back", () => {
    const asked = reportSections(body, {
      includeDiagnosis: false,
      questions: ["underlyingCondition", "fitForWork"],
    });
    const answer = asked.find((s) => s.id === "diagnosis");
    expect(answer).toMatchObject({
      heading: "Underlying health condition",
      text: UNDERLYING_CONDITION_KEPT_BACK,
      question:
        "Is there an underlying health condition affecting their attendance or performance?",
    });
    expect(answer?.text).toMatch(/not consented to disclose its nature/);
    expect(JSON.stringify(asked)).not.toContain("Moderate depressive episode");
    // Released, the diagnosis answers it; not asked, nothing stands in its place.
    const released = reportSections(body, {
      includeDiagnosis: true,
      questions: ["underlyingCondition"],
    });
    expect(released.find((s) => s.id === "diagnosis")?.text).toBe("Moderate depressive episode");
    expect(
      reportSections(body, { includeDiagnosis: false }).some((s) => s.id === "diagnosis"),
    ).toBe(false);
  });

  it("knows when there is a diagnosis to decide about", () => {
    expect(hasDiagnosis(body)).toBe(true);
    expect(hasDiagnosis({ kind: "pre_employment", outcome: "fit", recommendations: [] })).toBe(
      false,
    );
    expect(hasDiagnosis({ ...body, diagnosis: undefined, answers: [] })).toBe(false);
  });

  it("says so when a pre-employment certificate has no recommendations", () => {
    const sections = reportSections(
      { kind: "pre_employment", outcome: "fit", recommendations: [] },
      { includeDiagnosis: false },
    );
    expect(sections.map((s) => [s.heading, s.text])).toEqual([
      ["Recommendations", "No recommendations."],
      ["Fit for Work", "Fit"],
    ]);
  });
});
