import { describe, expect, it } from "vitest";
import { buildManagementAssessment } from "~/domain/assessments/build-management-assessment.ts";
import { namedOpening, reportBodyFromDraft } from "~/domain/doctor/report-from-draft.ts";
import { questionKeys, type SelectedQuestions } from "~/domain/referrals/management-questions.ts";
import * as fixtures from "~tests/support/draft-fixtures.ts";
import {
  type ManagementReportBody,
  type PreEmploymentReportBody,
  reportBody,
} from "./report-body.ts";
import { reportSections } from "./report-sections.ts";
import { rulesDrafter } from "./rules-drafter.ts";
import { signingIssues } from "./signing-issues.ts";

/*
 * What a report must hold before it is signed, beyond its schema
 * (docs/decisions/0017-actionable-reports.md): a plan for "further assessment needed", a DVLA
 * opinion for a driving role, a prognosis, the Equality Act view when asked, and a duration or
 * review date for every adjustment that does not last.
 */

const management: ManagementReportBody = {
  kind: "management",
  fitness: "fit-with-adjustments",
  adjustments: [
    { text: "Phased return", weeks: 4 },
    { text: "A quiet desk", lasting: true },
  ],
  prognosis: "Their health is improving; further absence is unlikely.",
  recurrence: "unlikely",
  equalityActView: "may",
  equalityActOpinion: "The effects are substantial; it is not yet known whether they will last.",
  summary: "Jo is managing most of the role.",
};

const certificate: PreEmploymentReportBody = {
  kind: "pre_employment",
  outcome: "further-assessment-needed",
  recommendations: [{ text: "A gradual start", weeks: 6 }],
  plan: {
    what: "A review of fitness to drive by an occupational physician",
    byWhom: "ReferOH's occupational physician",
    expectedBy: "2027-01-15",
    interim: "may-start-with-restrictions",
    restrictions: "No driving for work until the review.",
  },
  driving: {
    group: "group-2",
    standard: "Assessing fitness to drive, Group 2 standard for the role's vehicles",
    opinion: "Not yet fit to drive lorries for work; fit for the role's other duties.",
  },
};

const fields = (issues: { field: string }[]) => issues.map((i) => i.field);

describe("signingIssues", () => {
  it("lets a complete management report and a complete certificate sign", () => {
    expect(signingIssues(management, { questions: ["equalityAct"] })).toEqual([]);
    expect(signingIssues(certificate, { drivingRequired: true })).toEqual([]);
    expect(reportBody.safeParse(certificate).success).toBe(true);
  });

  it("needs a duration or review date for every adjustment that is not marked lasting", () => {
    const issues = signingIssues(
      { ...management, adjustments: ["Phased return", { text: "Breaks", reviewBy: "2027-02-01" }] },
      {},
    );
    expect(issues).toEqual([
      {
        field: "adjustments-0-weeks",
        message: expect.stringMatching(/“Phased return” a duration/),
      },
    ]);
    // "No adjustments are needed" is a statement, not an adjustment.
    expect(
      signingIssues(
        { ...management, adjustments: ["No workplace adjustments are needed at present."] },
        {},
      ),
    ).toEqual([]);
  });

  it("needs the prognosis, the likelihood of recurrence and, when asked, the Equality Act view", () => {
    const { prognosis: _p, recurrence: _r, equalityActView: _v, ...bare } = management;
    expect(fields(signingIssues(bare, { questions: ["equalityAct"] }))).toEqual([
      "prognosis",
      "recurrence",
      "equalityActView",
    ]);
    expect(fields(signingIssues(bare, { questions: [] }))).toEqual(["prognosis", "recurrence"]);
  });

  it("refuses further assessment without its plan, and beside a line that says nothing is needed", () => {
    const bare = { ...certificate, plan: undefined, driving: undefined };
    expect(fields(signingIssues(bare, {}))).toEqual([
      "planWhat",
      "planByWhom",
      "planExpectedBy",
      "planInterim",
    ]);
    const noRestrictions = {
      ...certificate,
      plan: { ...certificate.plan, restrictions: undefined },
      recommendations: ["No adjustments are needed for this role."],
    };
    expect(fields(signingIssues(noRestrictions, {}))).toEqual([
      "planRestrictions",
      "recommendations-0-text",
    ]);
    // The same lines beside "fit" are the plain answer.
    expect(signingIssues({ ...noRestrictions, outcome: "fit", plan: undefined }, {})).toEqual([]);
  });

  it("needs the DVLA group, standard and opinion for a driving role only", () => {
    const bare = { ...certificate, driving: undefined };
    expect(fields(signingIssues(bare, { drivingRequired: true }))).toEqual([
      "drivingGroup",
      "drivingStandard",
      "drivingOpinion",
    ]);
    expect(signingIssues(bare, { drivingRequired: false })).toEqual([]);
  });
});

describe("what the employer reads", () => {
  it("prints the certificate's plan and the driving opinion", () => {
    const sections = reportSections(certificate, { includeDiagnosis: false });
    const plan = sections.find((s) => s.id === "further-assessment")?.text;
    expect(plan).toContain("Assessment needed: A review of fitness to drive");
    expect(plan).toContain("Expected by: 15 January 2027");
    expect(plan).toContain(
      "Until then: May start, with the restrictions below: No driving for work",
    );
    expect(sections.find((s) => s.id === "driving")?.text).toMatch(
      /^DVLA Group 2 \(lorries and buses\), considered against: /,
    );
  });

  it("prints the Equality Act view and its reason once, under a single advisory caveat", () => {
    const act = reportSections(management, { includeDiagnosis: false }).find(
      (s) => s.id === "equality-act",
    );
    expect(act?.text).toBe(
      "May apply. The effects are substantial; it is not yet known whether they will last.",
    );
    expect(act?.note).toMatch(/^Advisory opinion/);
    const prognosis = reportSections(management, { includeDiagnosis: false }).find(
      (s) => s.id === "prognosis",
    );
    expect(prognosis?.text).toContain("Recurrence or further absence is unlikely.");
  });
});

describe("the drafter's defaults", () => {
  const all: SelectedQuestions = Object.fromEntries(questionKeys.map((q) => [q, true]));
  const prefill = async (answers: typeof fixtures.managementLowMood, subjectName?: string) => {
    const definition = buildManagementAssessment({ referralReason: "Absence." });
    const draft = await rulesDrafter.draft({
      referralType: "management",
      referralReason: "Absence.",
      selectedQuestions: all,
      definition,
      answers,
    });
    return reportBodyFromDraft(draft, {
      type: "management",
      questions: all,
      subjectName,
    }) as ManagementReportBody;
  };

  it("3 to 12 months of a substantial mood problem may bring the Act into play, not 'unlikely'", async () => {
    const body = await prefill(fixtures.managementLowMood);
    expect(body.equalityActView).toBe("may");
    expect(body.equalityActOpinion).not.toMatch(/advised to act as if/);
    expect(body.prognosis).toBeTruthy();
    expect(body.recurrence).toBe("possible");
  });

  it("12 months or more, or recurring, is 'likely'; a short, improving problem is 'unlikely'", async () => {
    const long = await prefill({
      ...fixtures.managementLowMood,
      "condition.duration": "gt-12m",
      "condition.long-term": "yes",
    });
    expect(long.equalityActView).toBe("likely");
    expect(long.recurrence).toBe("likely");
    const short = await prefill(fixtures.managementBackPain);
    expect(short.equalityActView).toBe("unlikely");
    expect(short.recurrence).toBe("unlikely");
  });

  it("names the person at the start of the employer's text, where the drafter wrote 'they'", async () => {
    const body = await prefill(fixtures.managementLowMood, "Robin Taylor");
    expect(body.summary).toMatch(/^Robin is currently absent from work/);
    expect(body.fitnessOpinion).toMatch(/^In my opinion Robin is /);
    expect(namedOpening("They find some tasks hard.", "Jo Bloggs")).toBe(
      "Jo finds some tasks hard.",
    );
    // A verb it does not know, or no name, leaves the sentence as the drafter wrote it.
    expect(namedOpening("They were told.", "")).toBe("They were told.");
    expect(namedOpening("They go home.", "Jo")).toBe("They go home.");
  });

  it("gives every pre-filled adjustment a review, and none a drafting phrase", async () => {
    const body = await prefill(fixtures.managementLowMood);
    expect(body.adjustments.length).toBeGreaterThan(0);
    for (const item of body.adjustments) {
      // Reviewed 8 weeks from the pre-fill's day.
      expect(typeof item === "object" && item.reviewBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(typeof item === "object" ? item.text : item).not.toMatch(/for example/);
    }
  });
});
