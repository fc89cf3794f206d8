import { describe, expect, it } from "vitest";
import { assessSafety } from "~/domain/assessments/assess-safety.ts";
import { buildManagementAssessment } from "~/domain/assessments/build-management-assessment.ts";
import { buildPreEmploymentQuestionnaire } from "~/domain/assessments/build-pre-employment-questionnaire.ts";
import { enabledLinkIds } from "~/domain/assessments/evaluate-enable-when.ts";
import type { Answers, Questionnaire } from "~/domain/assessments/questionnaire-types.ts";
import type { PreEmploymentRole } from "~/domain/assessments/select-pre-employment-modules.ts";
import { validateAnswers } from "~/domain/assessments/validate-answers.ts";
import { isAnswered } from "~/domain/assessments/walk-items.ts";
import { questionKeys, type SelectedQuestions } from "~/domain/referrals/management-questions.ts";
import * as fixtures from "~tests/support/draft-fixtures.ts";
import { preEmploymentRoleForTest } from "~tests/support/draft-fixtures.ts";
import { DRAFT_SECTION_OF, type DraftReport, draftStatements } from "./drafter.ts";
import { rulesDrafter } from "./rules-drafter.ts";

const management = buildManagementAssessment({
  referralReason: "Back pain affecting lifting duties.",
});
const ALL: SelectedQuestions = Object.fromEntries(questionKeys.map((q) => [q, true]));

const draftManagement = (answers: Answers, selectedQuestions: SelectedQuestions = ALL) =>
  rulesDrafter.draft({
    referralType: "management",
    referralReason: "Back pain affecting lifting duties.",
    selectedQuestions,
    definition: management,
    answers,
  });

const draftPreEmployment = (r: PreEmploymentRole, answers: Answers) =>
  rulesDrafter.draft({
    referralType: "pre_employment",
    role: r,
    definition: buildPreEmploymentQuestionnaire(r).definition,
    answers,
  });

/** Every rationale linkId exists, is enabled and was answered; every statement has text. */
function expectRationaleAnswered(draft: DraftReport, definition: Questionnaire, answers: Answers) {
  const enabled = enabledLinkIds(definition, answers);
  for (const s of draftStatements(draft)) {
    expect(s.text.trim().length, JSON.stringify(s)).toBeGreaterThan(10);
    for (const linkId of s.basis) {
      expect(enabled.has(linkId), `${linkId} in "${s.text}"`).toBe(true);
      expect(isAnswered(answers[linkId]), `${linkId} in "${s.text}"`).toBe(true);
    }
  }
}

describe("fixtures", () => {
  it.each([
    ["managementBackPain", fixtures.managementBackPain],
    ["managementLowMood", fixtures.managementLowMood],
    ["managementUrgent", fixtures.managementUrgent],
    ["managementCancer", fixtures.managementCancer],
  ])("%s is a complete, valid guided assessment", (_name, answers) => {
    expect(validateAnswers(management, answers, "completed")).toMatchObject({
      success: true,
      dropped: [],
    });
  });

  it.each([
    ["office", preEmploymentRoleForTest("office-worker"), fixtures.preEmploymentOfficeClear],
    [
      "warehouse",
      preEmploymentRoleForTest("warehouse-operative"),
      fixtures.preEmploymentWarehouseAdjustments,
    ],
    ["driver", preEmploymentRoleForTest("driver"), fixtures.preEmploymentDriverInsulin],
    [
      "healthcare",
      preEmploymentRoleForTest("healthcare-worker"),
      fixtures.preEmploymentHealthcareHepB,
    ],
  ] as const)("%s pre-employment fixture is complete and valid", (_name, r, answers) => {
    const { definition } = buildPreEmploymentQuestionnaire(r);
    expect(validateAnswers(definition, answers, "completed")).toMatchObject({
      success: true,
      dropped: [],
    });
  });
});

describe("rulesDrafter on management referrals", () => {
  it("identifies itself", async () => {
    const draft = await draftManagement(fixtures.managementBackPain);
    expect(draft.drafter).toEqual({ id: "rules", model: "rules", version: "2" });
    expect(draft.referralType).toBe("management");
  });

  it("answers only the questions the employer selected, for every one of the 128 selections", async () => {
    for (let bits = 0; bits < 2 ** questionKeys.length; bits++) {
      const selected = Object.fromEntries(
        questionKeys.map((q, i) => [q, Boolean(bits & (1 << i))]),
      ) as SelectedQuestions;
      const draft = await draftManagement(fixtures.managementLowMood, selected);
      for (const q of questionKeys) {
        expect(draft[DRAFT_SECTION_OF[q]] !== undefined, `${q} with selection ${bits}`).toBe(
          Boolean(selected[q]),
        );
        if (selected[q])
          expect((draft[DRAFT_SECTION_OF[q]] as { question: string }).question).toBe(q);
      }
      expect(draft.summary.length).toBeGreaterThan(0);
    }
  });

  it.each([
    ["managementBackPain", fixtures.managementBackPain],
    ["managementLowMood", fixtures.managementLowMood],
    ["managementUrgent", fixtures.managementUrgent],
    ["managementCancer", fixtures.managementCancer],
  ])(
    "%s: every statement's rationale points at answered, enabled items",
    async (_name, answers) => {
      expectRationaleAnswered(await draftManagement(answers), management, answers);
    },
  );

  it("back pain at work on light duties: fit with adjustments, lifting and breaks, Act unlikely", async () => {
    const draft = await draftManagement(fixtures.managementBackPain);
    expect(draft.urgent).toBe(false);
    expect(draft.prominentNotes).toEqual([]);
    expect(draft.outcome).toMatchObject({
      suggested: "fit-with-adjustments",
      label: "Fit with adjustments",
    });
    const adjustments = draft.adjustments!.statements.map((s) => s.text).join(" ");
    expect(adjustments).toMatch(/manual handling risk assessment/);
    expect(adjustments).toMatch(/short breaks/);
    expect(adjustments).not.toMatch(/stress risk assessment/);
    expect(draft.timescale).toMatchObject({ estimate: "About 2 to 4 weeks" });
    expect(draft.equalityAct).toMatchObject({ likelihood: "unlikely", advisory: true });
    // The reason, in the Act's terms; the advisory caveat is the section's, printed once.
    const reason = draft.equalityAct!.statements.at(-1)!.text;
    expect(reason).toMatch(/not expected to last 12 months/);
    expect(reason).not.toMatch(/advised to act as if/);
    expect(draft.formalProcesses).toMatchObject({ ability: "able" });
    expect(draft.scores).toEqual({ phq9: null, gad7: null });
  });

  it("low mood, off sick: temporarily unfit, 1–3 months, scores, stress risk assessment, review", async () => {
    const draft = await draftManagement(fixtures.managementLowMood);
    expect(draft.urgent).toBe(false);
    expect(draft.scores).toEqual({
      phq9: { total: 12, band: "moderate" },
      gad7: { total: 11, band: "moderate" },
    });
    expect(draft.outcome).toMatchObject({ suggested: "temporarily-unfit" });
    expect(draft.timescale!.estimate).toBe("About 1 to 3 months");
    expect(draft.timescale!.statements.map((s) => s.text).join(" ")).toMatch(/waiting for/);
    expect(draft.adjustments!.statements.map((s) => s.text).join(" ")).toMatch(
      /stress risk assessment \(HSE Management Standards\)/,
    );
    expect(draft.equalityAct!.likelihood).toBe("possible");
    expect(draft.formalProcesses).toMatchObject({ ability: "able-with-support" });
    const followUp = draft.followUp!.statements.map((s) => s.text).join(" ");
    expect(followUp).toMatch(/four to six weeks/);
    expect(followUp).toMatch(/consultation the employee asked for/);
    const scoreLine = draft.summary.find((s) => s.text.startsWith("PHQ-9"));
    expect(scoreLine?.text).toBe(
      "PHQ-9 12/27 (moderate); GAD-7 11/21 (moderate). Screening scores, not diagnoses; interpret with the history.",
    );
    expect(scoreLine?.basis).toHaveLength(16);
  });

  it("PHQ-9 item 9 above 0: urgent, a prominent note first, temporarily unfit, no timescale", async () => {
    const draft = await draftManagement(fixtures.managementUrgent);
    expect(draft.urgent).toBe(true);
    expect(draft.prominentNotes).toHaveLength(1);
    expect(draft.prominentNotes[0]!.text).toMatch(/^URGENT \(safety\)/);
    expect(draft.prominentNotes[0]!.text).toMatch(/Samaritans 116 123/);
    expect(draft.prominentNotes[0]!.basis).toEqual(["phq9.9", "safety.thoughts"]);
    expect(draft.outcome).toMatchObject({ suggested: "temporarily-unfit" });
    expect(draft.outcome!.statements[0]!.basis).toContain("phq9.9");
    expect(draft.timescale!.estimate).toMatch(/Cannot be estimated/);
    expect(draft.formalProcesses!.statements.map((s) => s.text).join(" ")).toMatch(
      /should be paused/,
    );
    expect(draft.followUp!.statements[0]!.text).toMatch(/^Urgent/);
  });

  it("keeps a safety flag raised on an earlier save, even when the final answers are clear", async () => {
    const earlier = assessSafety(management, fixtures.managementUrgent);
    const draft = await rulesDrafter.draft({
      referralType: "management",
      referralReason: "x",
      selectedQuestions: { fitForWork: true },
      definition: management,
      answers: fixtures.managementLowMood,
      safety: earlier,
    });
    expect(draft.urgent).toBe(true);
    expect(draft.outcome!.suggested).toBe("temporarily-unfit");
    // The note cites only answers that are in this response.
    for (const id of draft.prominentNotes[0]!.basis)
      expect(isAnswered(fixtures.managementLowMood[id])).toBe(true);
  });

  it("cancer: the Equality Act is likely to apply from diagnosis", async () => {
    const draft = await draftManagement(fixtures.managementCancer);
    expect(draft.equalityAct).toMatchObject({ likelihood: "likely", advisory: true });
    expect(draft.equalityAct!.statements[0]!.text).toMatch(/Schedule 1, paragraph 6/);
    expect(draft.outcome!.suggested).toBe("fit-with-adjustments");
    expect(draft.underlyingCondition).toMatchObject({ present: "yes" });
  });

  it("never suggests unfit for the current role itself, but tells the doctor to consider it", async () => {
    const draft = await draftManagement({
      ...fixtures.managementLowMood,
      "return.expectation": "not-expected",
    });
    expect(draft.outcome!.suggested).toBe("temporarily-unfit");
    expect(draft.outcome!.statements.map((s) => s.text).join(" ")).toMatch(
      /redeployment or ill-health retirement/,
    );
  });

  it("is deterministic", async () => {
    expect(await draftManagement(fixtures.managementLowMood)).toEqual(
      await draftManagement(fixtures.managementLowMood),
    );
  });

  it("ignores stale answers behind a closed gate", async () => {
    const draft = await draftManagement({
      ...fixtures.managementBackPain,
      "phq9.9": "3",
      "safety.intent": "yes",
    });
    expect(draft.urgent).toBe(false);
    expect(draft.scores.phq9).toBeNull();
  });
});

describe("rulesDrafter on pre-employment questionnaires", () => {
  const cases = [
    [
      "office worker, nothing to report",
      preEmploymentRoleForTest("office-worker"),
      fixtures.preEmploymentOfficeClear,
      "fit",
    ],
    [
      "warehouse, back pain and breaks",
      preEmploymentRoleForTest("warehouse-operative"),
      fixtures.preEmploymentWarehouseAdjustments,
      "fit-with-adjustments",
    ],
    [
      "Group 2 driver on insulin",
      preEmploymentRoleForTest("driver"),
      fixtures.preEmploymentDriverInsulin,
      "further-assessment-needed",
    ],
    [
      "healthcare, hepatitis B incomplete",
      preEmploymentRoleForTest("healthcare-worker"),
      fixtures.preEmploymentHealthcareHepB,
      "further-assessment-needed",
    ],
  ] as const;

  it.each(cases)(
    "%s → %s, with rationale from answered items",
    async (_name, r, answers, outcome) => {
      const draft = await draftPreEmployment(r, answers);
      expect(draft.outcome!.suggested).toBe(outcome);
      expect(draft.adjustments).toBeDefined();
      // A certificate answers fitness and adjustments only.
      for (const key of [
        "underlyingCondition",
        "timescale",
        "equalityAct",
        "formalProcesses",
        "followUp",
      ] as const)
        expect(draft[key]).toBeUndefined();
      expectRationaleAnswered(draft, buildPreEmploymentQuestionnaire(r).definition, answers);
    },
  );

  it("names the standards the doctor must check", async () => {
    const driver = await draftPreEmployment(
      preEmploymentRoleForTest("driver"),
      fixtures.preEmploymentDriverInsulin,
    );
    expect(driver.outcome!.statements[0]!.text).toMatch(/Group 2 driving/);
    expect(driver.caveats.join(" ")).toMatch(/D4 medical/);
    const hcw = await draftPreEmployment(
      preEmploymentRoleForTest("healthcare-worker"),
      fixtures.preEmploymentHealthcareHepB,
    );
    expect(hcw.outcome!.statements[0]!.text).toMatch(/Green Book/);
  });

  it("turns requested adjustments into recommendations", async () => {
    const draft = await draftPreEmployment(
      preEmploymentRoleForTest("warehouse-operative"),
      fixtures.preEmploymentWarehouseAdjustments,
    );
    const texts = draft.adjustments!.statements.map((s) => s.text);
    expect(texts).toContain("Extra or longer breaks.");
    expect(texts.join(" ")).toMatch(/manual handling risk assessment/);
  });

  it("a clear candidate gets a plain fit and no adjustments", async () => {
    const draft = await draftPreEmployment(
      preEmploymentRoleForTest("office-worker"),
      fixtures.preEmploymentOfficeClear,
    );
    expect(draft.outcome!.statements).toEqual([
      {
        text: "No health issue relevant to the role's intrinsic functions was reported: suggest fit.",
        basis: [],
      },
      { text: "Fit for the role.", basis: [], audience: "employer" },
    ]);
    expect(draft.adjustments!.statements[0]!.text).toMatch(/No adjustments/);
    expect(draft.urgent).toBe(false);
  });

  it("a candidate asking to speak to a doctor needs further assessment", async () => {
    const draft = await draftPreEmployment(preEmploymentRoleForTest("office-worker"), {
      ...fixtures.preEmploymentOfficeClear,
      "adjustments.speak-to-doctor": true,
    });
    expect(draft.outcome!.suggested).toBe("further-assessment-needed");
  });

  it("warns that regulated safety-critical medicals are not offered", async () => {
    const r = preEmploymentRoleForTest("construction-worker", { safetyCritical: true });
    const answers = {
      ...fixtures.preEmploymentWarehouseAdjustments,
      "safety-critical.sudden-incapacity": false,
      "safety-critical.sleepiness": true,
      "safety-critical.sleepiness.details": "Sleep apnoea, waiting for CPAP.",
      "safety-critical.medication": false,
      "safety-critical.senses": false,
    };
    const draft = await draftPreEmployment(r, answers);
    expect(draft.outcome!.suggested).toBe("further-assessment-needed");
    expect(draft.caveats.join(" ")).toMatch(/statutory medicals/);
    expectRationaleAnswered(draft, buildPreEmploymentQuestionnaire(r).definition, answers);
  });

  it("an urgent safety flag on a pre-employment response means further assessment", async () => {
    const r = preEmploymentRoleForTest("other");
    const urgent = {
      level: "urgent" as const,
      urgent: true,
      showCrisisSupport: true,
      reasons: [
        {
          code: "safety-answer" as const,
          level: "urgent" as const,
          linkId: "core.mental-health",
          message: "test",
        },
      ],
    };
    const draft = await rulesDrafter.draft({
      referralType: "pre_employment",
      role: r,
      definition: buildPreEmploymentQuestionnaire(r).definition,
      answers: { "core.condition": false },
      safety: urgent,
    });
    expect(draft.urgent).toBe(true);
    expect(draft.outcome!.suggested).toBe("further-assessment-needed");
    expect(draft.prominentNotes[0]!.text).toMatch(/^URGENT/);
  });
});
