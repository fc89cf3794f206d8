import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { answerList, walkItems } from "~/domain/assessments/walk-items.ts";
import { questionKeys } from "~/domain/referrals/management-questions.ts";
import {
  type DraftedCase,
  draftedCases,
  draftedManagementCase,
  draftedPreEmploymentCase,
} from "~tests/support/disclosure/drafter-cases.ts";
import * as fixtures from "~tests/support/draft-fixtures.ts";
import { preEmploymentRoleForTest } from "~tests/support/draft-fixtures.ts";
import {
  checkReportRelease,
  disclosureItemsOf,
  employerVisibleFields,
  longestCommonRun,
  type ReleaseCheckCase,
  reportFindings,
  wordsOf,
} from "./release-check.ts";
import type { ManagementReportBody, ReportBody } from "./report-body.ts";
import { reportBody } from "./report-body.ts";
import { unansweredQuestions } from "./unanswered-questions.ts";

/** Every free-text answer of a case, as the person typed it. */
function freeTextAnswers(c: Pick<DraftedCase, "definition" | "answers">): string[] {
  return walkItems(c.definition)
    .map((w) => w.item)
    .filter((item) => item.type === "text" || item.type === "string")
    .flatMap((item) => answerList(c.answers[item.linkId]))
    .filter((v): v is string => typeof v === "string");
}

const check = (c: DraftedCase, body: ReportBody, extra: Partial<ReleaseCheckCase> = {}) =>
  checkReportRelease(body, {
    definition: c.definition,
    answers: c.answers,
    draft: c.draft,
    subjectName: "Robin Taylor",
    ...extra,
  });
const findings = (c: DraftedCase, body: ReportBody, extra: Partial<ReleaseCheckCase> = {}) =>
  reportFindings(body, {
    definition: c.definition,
    answers: c.answers,
    draft: c.draft,
    subjectName: "Robin Taylor",
    ...extra,
  });

describe("the drafters' pre-fill", () => {
  it("passes the gate on every fixture: no finding, no answer text, score or diagnosis in it", async () => {
    for (const c of await draftedCases()) {
      expect(reportBody.safeParse(c.body).success, c.name).toBe(true);
      expect(findings(c, c.body), c.name).toEqual([]);
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
    for (const c of (await draftedCases()).filter((c) => c.body.kind === "management")) {
      expect(unansweredQuestions(c.body, questionKeys), c.name).toEqual([]);
      expect((c.body as ManagementReportBody).answers, c.name).toBeUndefined();
    }
  });

  it("leaves the doctor's evidence in the draft: quotations and scores are still there for them", async () => {
    const [, lowMood] = await draftedCases();
    const doctorText = [...lowMood!.draft.summary, ...lowMood!.draft.prominentNotes]
      .map((s) => s.text)
      .join(" ");
    expect(doctorText).toContain("PHQ-9");
    expect(doctorText).toContain("father died");
  });
});

describe("the gate at signing refuses", () => {
  const lowMood = () => draftedManagementCase("low mood", fixtures.managementLowMood);
  const withSummary = (c: DraftedCase, summary: string): ManagementReportBody => ({
    ...(c.body as ManagementReportBody),
    summary,
  });

  it("a doctor-only sentence of the draft copied into a field", async () => {
    const c = await lowMood();
    const note = c.draft.summary.find((s) => s.audience !== "employer" && /Work:/.test(s.text))!;
    const failures = check(c, withSummary(c, `They are off work. ${note.text}`));
    expect(failures).toContainEqual(
      expect.objectContaining({ field: "summary", problem: "doctor-only" }),
    );
  });

  it("the hurried summary, finding by finding, until each is rewritten or marked", async () => {
    const c = await lowMood();
    const body = withSummary(
      c,
      "She has a depressive illness and is anxious most mornings. Her father died last year of a heart attack. Fourteen of a possible twenty-seven on the mood questionnaire.",
    );
    const found = findings(c, body);
    const kinds = found.map((f) => f.kind);
    expect(kinds).toContain("third-party");
    expect(kinds).toContain("score");
    // The kept-back diagnosis in another form is found as the diagnosis.
    expect(found.find((f) => /depressive/i.test(f.text))).toMatchObject({ markable: true });
    const failures = check(c, body);
    expect(failures.map((f) => f.problem)).toEqual(
      expect.arrayContaining(["needs-consent", "cannot-disclose"]),
    );
    // Marking every markable finding leaves only the one that can never be marked.
    const marks = new Set(found.filter((f) => f.markable).map((f) => f.mark));
    expect(check(c, body, { marks }).map((f) => f.problem)).toEqual(["cannot-disclose"]);
    // Without the relative's sentence, the marked report passes and carries its items.
    const rewritten = withSummary(
      c,
      "She has a depressive illness and is anxious most mornings. Fourteen of a possible twenty-seven on the mood questionnaire.",
    );
    expect(check(c, rewritten, { marks })).toEqual([]);
    const items = disclosureItemsOf(findings(c, rewritten, { marks }));
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items.map((i) => i.id)).toEqual(items.map((_, n) => `d${n + 1}`));
    for (const item of items) expect(item.sentence).toContain(item.text);
  });

  it("a marked item the person asked to remove on an earlier version", async () => {
    const c = await lowMood();
    const body = withSummary(c, "She is anxious most mornings.");
    const [finding] = findings(c, body);
    expect(finding).toBeDefined();
    const marks = new Set([finding!.mark]);
    expect(check(c, body, { marks })).toEqual([]);
    const refused = check(c, body, { marks, removalAsked: new Set([finding!.key]) });
    expect(refused).toEqual([
      expect.objectContaining({ field: "summary", problem: "removal-asked" }),
    ]);
    expect(
      disclosureItemsOf(findings(c, body, { marks, removalAsked: new Set([finding!.key]) })),
    ).toEqual([]);
  });

  it("text copied from an answer in any field, an adjustment line included, and it cannot be marked", async () => {
    const c = await lowMood();
    const body = c.body as ManagementReportBody;
    for (const adjustments of [
      [...body.adjustments, "Reduce the workload after a colleague left the team"],
      [{ text: "Reduce the workload after a colleague left the team", weeks: 6 }],
    ]) {
      const changed = { ...body, adjustments };
      const copied = findings(c, changed).filter((f) => f.kind === "copied");
      expect(copied.length).toBeGreaterThan(0);
      const marks = new Set(copied.map((f) => f.mark));
      expect(check(c, changed, { marks })).toContainEqual(
        expect.objectContaining({ field: "adjustments", problem: "cannot-disclose" }),
      );
    }
  });

  it("the planted phrase of a pre-employment answer, and the condition beside it, in the note for the employer", async () => {
    const planted = "planted-3f1c9a2e-7d44-4c1b-9e55-0a1b2c3d4e5f";
    const r = preEmploymentRoleForTest("office-worker");
    const answers = {
      ...fixtures.preEmploymentOfficeClear,
      "core.condition": true,
      "core.condition.details": `Asthma, well controlled (${planted})`,
      "core.condition.effect": "none",
    };
    const c = await draftedPreEmploymentCase("planted", r, answers);
    expect(check(c, c.body)).toEqual([]);
    expect(JSON.stringify(c.body)).not.toContain(planted);
    const summary = `Their asthma is no bar to the role (${planted}).`;
    const found = findings(c, {
      ...(c.body as Extract<ReportBody, { kind: "pre_employment" }>),
      summary,
    });
    expect(found.map((f) => f.kind)).toEqual(expect.arrayContaining(["copied"]));
    expect(found.some((f) => f.kind !== "copied" && /asthma/i.test(f.text))).toBe(true);
  });

  it("a pre-employment certificate naming an unconsented condition", async () => {
    const c = await draftedPreEmploymentCase(
      "driver",
      preEmploymentRoleForTest("driver", { drivingRequired: true }),
      fixtures.preEmploymentDriverInsulin,
    );
    const body = {
      ...(c.body as Extract<ReportBody, { kind: "pre_employment" }>),
      summary: "Insulin-treated diabetes; fit to drive.",
    };
    expect(check(c, body).map((f) => f.problem)).toContain("needs-consent");
  });
});

describe("the gate lets pass", () => {
  it("the diagnosis in its own field, which the person releases or keeps back on review", async () => {
    const c = await draftedManagementCase("low mood", fixtures.managementLowMood);
    expect(
      check(c, { ...(c.body as ManagementReportBody), diagnosis: "Depression and anxiety." }),
    ).toEqual([]);
  });

  it("but never someone else's health in it", async () => {
    const c = await draftedManagementCase("low mood", fixtures.managementLowMood);
    const body = {
      ...(c.body as ManagementReportBody),
      diagnosis: "Depression; her father had a heart attack.",
    };
    expect(check(c, body)).toContainEqual(
      expect.objectContaining({ field: "diagnosis", problem: "cannot-disclose" }),
    );
  });

  it("a task named in three of the answer's words, but not in four", async () => {
    const c = await draftedManagementCase("back pain", fixtures.managementBackPain);
    // "Heavy lifting from floor level" is in an answer: four words of it in a row are copied text.
    const named = "They should avoid lifting from floor height for now, and take regular breaks.";
    expect(check(c, { ...(c.body as ManagementReportBody), summary: named })).toEqual([]);
    const copied = "They should avoid lifting from floor level for now.";
    expect(check(c, { ...(c.body as ManagementReportBody), summary: copied })).toEqual([
      expect.objectContaining({ field: "summary", problem: "cannot-disclose" }),
    ]);
  });

  it("any text the doctor writes in functional words (property)", async () => {
    const c = await draftedManagementCase("low mood", fixtures.managementLowMood);
    const vocabulary = ["review", "hours", "team", "plan", "meeting", "support", "return", "weeks"];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 12 }),
        (words) => {
          const summary = `${words.join(" ")}.`;
          const failures = check(c, { ...(c.body as ManagementReportBody), summary });
          expect(failures.filter((f) => f.field === "summary")).toEqual([]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("refuses any free text planted in an answer and copied inside a longer sentence (property)", async () => {
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
          const c = await draftedManagementCase("planted", answers);
          const summary = `${before.join(" ")} ${planted.join(" ")} and more.`;
          const failures = check(c, { ...(c.body as ManagementReportBody), summary });
          expect(failures).toContainEqual(
            expect.objectContaining({ field: "summary", problem: "cannot-disclose" }),
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("each finding in its sentence", () => {
  it("shows the words with the rest of their own sentence, and no more", async () => {
    const c = await draftedManagementCase("low mood", fixtures.managementLowMood);
    const body = {
      ...(c.body as ManagementReportBody),
      summary: "She is well. Her mother has bowel cancer. She is anxious most mornings. She works.",
    };
    const found = findings(c, body);
    const third = found.find((f) => f.kind === "third-party")!;
    expect([third.before, third.text, third.after]).toEqual([
      "",
      "Her mother has bowel cancer.",
      "",
    ]);
    const anxious = found.find((f) => /anxious/.test(f.text))!;
    expect(`${anxious.before}${anxious.text}${anxious.after}`).toBe(
      "She is anxious most mornings.",
    );
  });
});
