import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildManagementAssessment } from "~/domain/assessments/build-management-assessment.ts";
import { buildPreEmploymentQuestionnaire } from "~/domain/assessments/build-pre-employment-questionnaire.ts";
import type { Answers, Questionnaire } from "~/domain/assessments/questionnaire-types.ts";
import type { PreEmploymentRole } from "~/domain/assessments/select-pre-employment-modules.ts";
import { answerList, walkItems } from "~/domain/assessments/walk-items.ts";
import { reportBodyFromDraft } from "~/domain/doctor/report-from-draft.ts";
import * as fixtures from "~tests/support/draft-fixtures.ts";
import { preEmploymentRoleForTest } from "~tests/support/draft-fixtures.ts";
import { type DraftReport, REFERRAL_QUESTIONS, type SelectedQuestions } from "./drafter.ts";
import {
  checkReportRelease,
  employerVisibleFields,
  longestCommonRun,
  wordsOf,
} from "./release-check.ts";
import type { ManagementReportBody, ReportBody } from "./report-body.ts";
import { reportBody, unansweredQuestions } from "./report-body.ts";
import { rulesDrafter } from "./rules-drafter.ts";

const REASON = "Back pain affecting lifting duties.";
const management = buildManagementAssessment({ referralReason: REASON });
const ALL: SelectedQuestions = Object.fromEntries(REFERRAL_QUESTIONS.map((q) => [q, true]));
interface Case {
  name: string;
  definition: Questionnaire;
  answers: Answers;
  draft: DraftReport;
  body: ReportBody;
}

async function managementCase(name: string, answers: Answers): Promise<Case> {
  const draft = await rulesDrafter.draft({
    referralType: "management",
    referralReason: REASON,
    selectedQuestions: ALL,
    definition: management,
    answers,
  });
  const body = reportBodyFromDraft(draft, { type: "management", questions: ALL });
  return { name, definition: management, answers, draft, body };
}

async function preEmploymentCase(
  name: string,
  r: PreEmploymentRole,
  answers: Answers,
): Promise<Case> {
  const { definition } = buildPreEmploymentQuestionnaire(r);
  const draft = await rulesDrafter.draft({
    referralType: "pre_employment",
    role: r,
    definition,
    answers,
  });
  const body = reportBodyFromDraft(draft, { type: "pre_employment", questions: null });
  return { name, definition, answers, draft, body };
}

const cases = () =>
  Promise.all([
    managementCase("management back pain", fixtures.managementBackPain),
    managementCase("management low mood", fixtures.managementLowMood),
    managementCase("management urgent", fixtures.managementUrgent),
    managementCase("management cancer", fixtures.managementCancer),
    preEmploymentCase(
      "office worker",
      preEmploymentRoleForTest("office-worker"),
      fixtures.preEmploymentOfficeClear,
    ),
    preEmploymentCase(
      "warehouse",
      preEmploymentRoleForTest("warehouse-operative"),
      fixtures.preEmploymentWarehouseAdjustments,
    ),
    preEmploymentCase(
      "driver",
      preEmploymentRoleForTest("driver", { drivingRequired: true }),
      fixtures.preEmploymentDriverInsulin,
    ),
    preEmploymentCase(
      "healthcare",
      preEmploymentRoleForTest("healthcare-worker"),
      fixtures.preEmploymentHealthcareHepB,
    ),
  ]);

/** Every free-text answer of a case, as the person typed it. */
function freeTextAnswers(c: Pick<Case, "definition" | "answers">): string[] {
  return walkItems(c.definition)
    .map((w) => w.item)
    .filter((item) => item.type === "text" || item.type === "string")
    .flatMap((item) => answerList(c.answers[item.linkId]))
    .filter((v): v is string => typeof v === "string");
}

const check = (c: Case, body: ReportBody) =>
  checkReportRelease(body, { definition: c.definition, answers: c.answers, draft: c.draft });

describe("the drafters' pre-fill", () => {
  it("passes the release check on every fixture, with no answer text, score or diagnosis in it", async () => {
    for (const c of await cases()) {
      expect(reportBody.safeParse(c.body).success, c.name).toBe(true);
      expect(check(c, c.body), c.name).toEqual([]);
      const employerText = employerVisibleFields(c.body)
        .map((f) => f.text)
        .join(" ")
        .toLowerCase();
      expect(employerText.length, c.name).toBeGreaterThan(20);
      for (const answer of freeTextAnswers(c)) {
        const run = longestCommonRun(wordsOf(answer), wordsOf(employerText));
        expect(run.length, `${c.name}: “${run.join(" ")}” from “${answer}”`).toBeLessThan(4);
      }
      expect(employerText, c.name).not.toMatch(/phq|gad|\/27|\/21|scor/);
      for (const word of ["depression", "anxiety", "cancer", "diabetes", "father", "died"])
        expect(employerText, c.name).not.toContain(word);
      expect(employerText, c.name).not.toMatch(/the doctor should|in their words|suggest /);
    }
  });

  it("answers every question the employer asked, each in its one field", async () => {
    for (const c of (await cases()).filter((c) => c.body.kind === "management")) {
      expect(unansweredQuestions(c.body, REFERRAL_QUESTIONS), c.name).toEqual([]);
      expect((c.body as ManagementReportBody).answers, c.name).toBeUndefined();
    }
  });

  it("leaves the doctor's evidence in the draft: quotations and scores are still there for them", async () => {
    const [, lowMood] = await cases();
    const doctorText = [...lowMood!.draft.summary, ...lowMood!.draft.prominentNotes]
      .map((s) => s.text)
      .join(" ");
    expect(doctorText).toContain("PHQ-9");
    expect(doctorText).toContain("father died");
  });
});

describe("the release check refuses", () => {
  const lowMood = () => managementCase("low mood", fixtures.managementLowMood);
  const withSummary = (c: Case, summary: string): ManagementReportBody => ({
    ...(c.body as ManagementReportBody),
    summary,
  });

  it("a doctor-only sentence of the draft copied into a field", async () => {
    const c = await lowMood();
    const note = c.draft.summary.find((s) => s.audience !== "employer" && /Work:/.test(s.text))!;
    const failures = check(c, withSummary(c, `They are off work. ${note.text}`));
    expect(failures).toEqual([
      expect.objectContaining({ field: "summary", problem: "doctor-only" }),
    ]);
  });

  it("a quotation hidden in a longer sentence", async () => {
    const c = await lowMood();
    const failures = check(
      c,
      withSummary(
        c,
        "Having spoken with them, I understand that they are struggling to concentrate on reports and meetings with clients at the moment, and a phased return will help.",
      ),
    );
    expect(failures).toContainEqual(
      expect.objectContaining({ field: "summary", problem: "quotation" }),
    );
  });

  it("a quotation in any field, an adjustment line included", async () => {
    const c = await lowMood();
    const body = c.body as ManagementReportBody;
    const failures = check(c, {
      ...body,
      adjustments: [...body.adjustments, "Reduce the workload after a colleague left the team"],
    });
    expect(failures).toContainEqual(
      expect.objectContaining({ field: "adjustments", problem: "quotation" }),
    );
    // A temporary adjustment's text is checked the same way as a lasting one's.
    const temporary = check(c, {
      ...body,
      adjustments: [{ text: "Reduce the workload after a colleague left the team", weeks: 6 }],
    });
    expect(temporary).toContainEqual(
      expect.objectContaining({ field: "adjustments", problem: "quotation" }),
    );
  });

  it("a score written in figures or in words, or an instrument named", async () => {
    const c = await lowMood();
    for (const summary of [
      "Their PHQ-9 was 11.",
      "They scored eleven out of twenty-seven on the depression screen.",
      "A screening result of 10/21 for anxiety.",
      "Their gad score is high.",
      "They scored twelve on a mood questionnaire.",
    ])
      expect(check(c, withSummary(c, summary)), summary).toContainEqual(
        expect.objectContaining({ field: "summary", problem: "score" }),
      );
  });

  it("a screening questionnaire item, reworded only slightly", async () => {
    const c = await lowMood();
    expect(
      check(c, withSummary(c, "They report trouble concentrating on things, such as reading.")),
    ).toContainEqual(expect.objectContaining({ problem: "score" }));
  });

  it("a kept-back diagnosis outside the diagnosis field, written in lower case", async () => {
    const c = await lowMood();
    const failures = check(c, {
      ...withSummary(c, "They have had a period of depression and need support."),
      followUp: "Review once their anxiety settles.",
    });
    expect(failures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "summary", problem: "diagnosis" }),
        expect.objectContaining({ field: "followUp", problem: "diagnosis" }),
      ]),
    );
  });

  it("but lets the diagnosis stand in its own field, which the person releases or keeps back", async () => {
    const c = await lowMood();
    expect(
      check(c, { ...(c.body as ManagementReportBody), diagnosis: "Depression and anxiety." }),
    ).toEqual([]);
  });

  it("the planted phrase of a pre-employment answer in the note for the employer", async () => {
    const planted = "planted-3f1c9a2e-7d44-4c1b-9e55-0a1b2c3d4e5f";
    const r = preEmploymentRoleForTest("office-worker");
    const answers = {
      ...fixtures.preEmploymentOfficeClear,
      "core.condition": true,
      "core.condition.details": `Asthma, well controlled (${planted})`,
      "core.condition.effect": "none",
    };
    const c = await preEmploymentCase("planted", r, answers);
    expect(check(c, c.body)).toEqual([]);
    expect(JSON.stringify(c.body)).not.toContain(planted);
    const failures = check(c, {
      ...(c.body as Extract<ReportBody, { kind: "pre_employment" }>),
      summary: `Well controlled (${planted}).`,
    });
    expect(failures).toContainEqual(
      expect.objectContaining({ field: "summary", problem: "quotation" }),
    );
  });
});

describe("the release check lets pass", () => {
  it("short common phrases shared with an answer", async () => {
    const c = await managementCase("back pain", fixtures.managementBackPain);
    // "heavy lifting from floor level" is in an answer; four words in a row are not a quotation.
    const summary = "They should avoid lifting from floor level for now, and take regular breaks.";
    expect(check(c, { ...(c.body as ManagementReportBody), summary })).toEqual([]);
  });

  it("any text the doctor writes without the answers' words (property)", async () => {
    const c = await managementCase("low mood", fixtures.managementLowMood);
    const vocabulary = ["review", "hours", "team", "plan", "meeting", "support", "return", "weeks"];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 12 }),
        async (words) => {
          const summary = `${words.join(" ")}.`;
          const failures = check(c, { ...(c.body as ManagementReportBody), summary });
          expect(failures.filter((f) => f.field === "summary")).toEqual([]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("refuses any free text planted in an answer and quoted inside a longer sentence (property)", async () => {
    const word = fc.stringMatching(/^[a-z]{3,9}$/);
    await fc.assert(
      fc.asyncProperty(
        fc.array(word, { minLength: 6, maxLength: 14 }),
        fc.array(word, { maxLength: 5 }),
        async (planted, before) => {
          const answers = {
            ...fixtures.managementBackPain,
            "work.difficult-tasks": planted.join(" "),
          };
          const c = await managementCase("planted", answers);
          expect(check(c, c.body)).toEqual([]);
          const summary = `${before.join(" ")} ${planted.join(" ")} and more.`;
          const failures = check(c, { ...(c.body as ManagementReportBody), summary });
          expect(failures).toContainEqual(
            expect.objectContaining({ field: "summary", problem: "quotation" }),
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});
