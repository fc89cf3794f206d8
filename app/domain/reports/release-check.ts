import type { Answers, Questionnaire } from "~/domain/assessments/questionnaire-types.ts";
import { answerList, walkItems } from "~/domain/assessments/walk-items.ts";
import { type DraftReport, draftStatements, type ReferralQuestion } from "./drafter.ts";
import { adjustmentText, type ReportBody } from "./report-body.ts";

/*
 * The release check (docs/decisions/0011-report-audiences.md): the last gate between the
 * person's answers and the employer. It runs on the server when the doctor signs and refuses the
 * report, field by field, while an employer-visible field
 *  - still holds a sentence the drafter wrote for the doctor only,
 *  - quotes the person's free text (a long-enough run of the same words; short common phrases pass),
 *  - holds a screening score or a screening questionnaire item,
 *  - names the diagnosis the person gave outside the one field they decide about on review.
 * Pure and synchronous: the same body and case always give the same answer.
 */

export type ReleaseProblem = "doctor-only" | "quotation" | "score" | "diagnosis" | "unanswered";

export interface ReleaseFailure {
  /** The editor's field id: `summary`, `adjustments`, `answer.<question>`, `recommendations`… */
  field: string;
  problem: ReleaseProblem;
  message: string;
}

interface ReleaseCheckCase {
  definition: Pick<Questionnaire, "item">;
  answers: Answers;
  draft: DraftReport | null;
}

/** A quotation is this many words in a row from one answer… */
const QUOTE_MIN_WORDS = 6;
/** …or this many characters of words in a row (a long distinctive phrase in fewer words). */
const QUOTE_MIN_CHARS = 32;
/** A doctor-only sentence is found when this many of its words stand in a row (or all of a shorter one). */
const DOCTOR_ONLY_MIN_WORDS = 8;

const SCREENING_PREFIXES = ["phq9.", "gad7."];
/** Free-text answers that name a diagnosis the person may keep from the employer. */
const DIAGNOSIS_ANSWERS = ["condition.diagnosis"];

const NUMBER_WORDS =
  "zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty(?:[- ](?:one|two|three|four|five|six|seven))?";
const SCORE_PATTERNS: RegExp[] = [
  /\bphq\s*-?\s*9\b|\bphq\b/i,
  /\bgad\s*-?\s*7\b|\bgad\b/i,
  /\b(?:patient health questionnaire|generalised anxiety disorder (?:scale|questionnaire)|generalized anxiety disorder (?:scale|questionnaire))\b/i,
  new RegExp(
    `\\b(?:\\d{1,2}|${NUMBER_WORDS})\\s*(?:/|out of)\\s*(?:27|21|twenty[- ]seven|twenty[- ]one)\\b`,
    "i",
  ),
  new RegExp(`\\bscor(?:e|ed|es|ing)\\b[^.;]{0,40}?\\b(?:\\d{1,2}|${NUMBER_WORDS})\\b`, "i"),
  new RegExp(
    `\\b(?:\\d{1,2}|${NUMBER_WORDS})\\s+(?:points?|on the (?:depression|anxiety) (?:scale|screen))\\b`,
    "i",
  ),
  /\bscreening (?:score|result|questionnaire)s?\b/i,
];

/** Lower-case words of a text, punctuation dropped: "Low-back pain!" → ["low", "back", "pain"]. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The longest run of the same words in both texts (dynamic programming over words). */
export function longestCommonRun(a: readonly string[], b: readonly string[]): string[] {
  if (a.length === 0 || b.length === 0) return [];
  let best = 0;
  let bestEnd = 0;
  let previous = new Uint16Array(b.length + 1);
  let row = new Uint16Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const n = a[i - 1] === b[j - 1] ? previous[j - 1]! + 1 : 0;
      row[j] = n;
      if (n > best) {
        best = n;
        bestEnd = i;
      }
    }
    [previous, row] = [row, previous];
    row.fill(0);
  }
  return a.slice(bestEnd - best, bestEnd);
}

function isQuotation(run: readonly string[], source: readonly string[]): boolean {
  if (run.length === 0) return false;
  const chars = run.join(" ").length;
  if (run.length >= QUOTE_MIN_WORDS || chars >= QUOTE_MIN_CHARS) return true;
  // A short answer given whole (four words or more) is as much a quotation as a long one.
  return run.length >= 4 && run.length === source.length;
}

/** The employer-visible texts of a report body, by the editor's field id. */
export function employerVisibleFields(
  body: ReportBody,
): { field: string; text: string; diagnosisField: boolean }[] {
  if (body.kind === "pre_employment")
    return [
      { field: "summary", text: body.summary ?? "", diagnosisField: false },
      ...body.recommendations.map((item) => ({
        field: "recommendations",
        text: adjustmentText(item),
        diagnosisField: false,
      })),
    ];
  const fields: { field: string; text: string; diagnosisField: boolean }[] = [
    { field: "summary", text: body.summary, diagnosisField: false },
    { field: "timescale", text: body.timescale ?? "", diagnosisField: false },
    ...body.adjustments.map((item) => ({
      field: "adjustments",
      text: adjustmentText(item),
      diagnosisField: false,
    })),
    { field: "equalityActOpinion", text: body.equalityActOpinion ?? "", diagnosisField: false },
    { field: "formalProcesses", text: body.formalProcesses ?? "", diagnosisField: false },
    { field: "followUp", text: body.followUp ?? "", diagnosisField: false },
    // The one place a diagnosis may stand: the person decides on review whether it is released.
    { field: "diagnosis", text: body.diagnosis ?? "", diagnosisField: true },
    ...(body.fitnessOpinion
      ? [{ field: "fitnessOpinion", text: body.fitnessOpinion, diagnosisField: false }]
      : []),
  ];
  for (const a of body.answers ?? [])
    fields.push({
      field: `answer.${a.question satisfies ReferralQuestion}`,
      text: a.answer,
      // A legacy answer to "Is there an underlying health condition?" is released with the diagnosis.
      diagnosisField: a.question === "underlyingCondition",
    });
  return fields.filter((f) => f.text.trim().length > 0);
}

/** Diagnosis phrases the person gave ("Depression and anxiety" → "depression", "anxiety"). */
function diagnosisPhrases(answers: Answers): string[][] {
  const phrases: string[][] = [];
  for (const linkId of DIAGNOSIS_ANSWERS)
    for (const value of answerList(answers[linkId])) {
      if (typeof value !== "string") continue;
      for (const part of value.split(/\s*(?:,|;|\/|\band\b|&|\+|\bwith\b)\s*/i)) {
        const words = wordsOf(part);
        if (words.length > 0 && words.join("").length >= 3) phrases.push(words);
      }
    }
  return phrases;
}

function containsPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  outer: for (let i = 0; i + phrase.length <= words.length; i++) {
    for (let j = 0; j < phrase.length; j++) {
      // "depression" also finds "depressive"? No: only the word itself, plural allowed.
      const w = words[i + j]!;
      const p = phrase[j]!;
      if (w !== p && w !== `${p}s` && w !== `${p}es`) continue outer;
    }
    return true;
  }
  return false;
}

export function checkReportRelease(body: ReportBody, c: ReleaseCheckCase): ReleaseFailure[] {
  const items = walkItems(c.definition).map((w) => w.item);
  const freeText: { linkId: string; words: string[] }[] = [];
  const screeningItems: string[][] = [];
  for (const item of items) {
    if (SCREENING_PREFIXES.some((p) => item.linkId.startsWith(p)) && item.text)
      screeningItems.push(wordsOf(item.text));
    if (item.type !== "text" && item.type !== "string") continue;
    for (const value of answerList(c.answers[item.linkId]))
      if (typeof value === "string" && value.trim()) {
        const words = wordsOf(value);
        if (words.length > 0) freeText.push({ linkId: item.linkId, words });
      }
  }
  const statements = c.draft ? draftStatements(c.draft) : [];
  const doctorOnly = statements
    .filter((s) => s.audience !== "employer")
    .map((s) => wordsOf(s.text))
    .filter((w) => w.length >= 4);
  // Wording the drafter also wrote for the employer is not a doctor-only sentence.
  const employerWords = statements
    .filter((s) => s.audience === "employer")
    .map((s) => wordsOf(s.text));
  const diagnoses = diagnosisPhrases(c.answers);

  const failures: ReleaseFailure[] = [];
  const seen = new Set<string>();
  const fail = (field: string, problem: ReleaseProblem, message: string) => {
    const key = `${field}|${problem}`;
    if (seen.has(key)) return;
    seen.add(key);
    failures.push({ field, problem, message });
  };

  for (const { field, text, diagnosisField } of employerVisibleFields(body)) {
    const words = wordsOf(text);
    for (const sentence of doctorOnly) {
      const run = longestCommonRun(sentence, words);
      if (
        run.length >= Math.min(DOCTOR_ONLY_MIN_WORDS, sentence.length) &&
        !employerWords.some((e) => containsPhrase(e, run))
      ) {
        fail(
          field,
          "doctor-only",
          "This still holds a note written for the doctor only. Rewrite it for the employer.",
        );
        break;
      }
    }
    for (const answer of freeText) {
      const run = longestCommonRun(answer.words, words);
      if (isQuotation(run, answer.words)) {
        fail(
          field,
          "quotation",
          `This quotes the employee's own answer (“${run.slice(0, 8).join(" ")}${run.length > 8 ? "…" : ""}”). Describe the effect on work in your own words instead.`,
        );
        break;
      }
    }
    const score =
      SCORE_PATTERNS.some((p) => p.test(text)) ||
      screeningItems.some((item) => {
        const run = longestCommonRun(item, words);
        return run.length >= Math.min(4, item.length);
      });
    if (score)
      fail(
        field,
        "score",
        "This contains a screening score or questionnaire item. The employer's report gives function and fitness, not scores.",
      );
    if (!diagnosisField)
      for (const phrase of diagnoses)
        if (containsPhrase(words, phrase)) {
          fail(
            field,
            "diagnosis",
            `This names the diagnosis (“${phrase.join(" ")}”). Put it only in the diagnosis field: the employee decides whether the employer sees it.`,
          );
          break;
        }
  }
  return failures;
}
