import type { Answers, Questionnaire } from "~/domain/assessments/questionnaire-types.ts";
import { answerList, walkItems } from "~/domain/assessments/walk-items.ts";
import type { QuestionKey } from "~/domain/referrals/management-questions.ts";
import {
  DISCLOSURE_KIND_LABELS,
  type DisclosureItem,
  type DisclosureKind,
  disclosureFieldLabel,
  disclosureMark,
} from "./disclosure/disclosure-item.ts";
import {
  type ClinicalFinding,
  type DetectionContext,
  findClinicalStatements,
} from "./disclosure/find-clinical-statements.server.ts";
import { type DraftReport, draftStatements } from "./drafter.ts";
import { adjustmentText, type ReportBody } from "./report-body.ts";

/*
 * The release check: the disclosure gate at signing (docs/decisions/0016-disclosure-gate.md).
 * The last gate between the person's answers and the employer. It runs on the server when the
 * doctor saves and signs, over every employer-visible field:
 *  - the clinical-statement detector finds every condition, symptom, medicine, procedure, score,
 *    diagnosis, third-party sentence and copied text, in any wording;
 *  - each finding must be rewritten, or marked by the doctor "disclose with the person's
 *    consent", and then agreed by the person item by item before release;
 *  - third-party information and text copied from the answers can never be marked, nor can an
 *    item the person asked to have removed;
 *  - a sentence the drafter wrote for the doctor only must not stand in employer text.
 * Pure and synchronous: the same body and case always give the same answer.
 */

export type ReleaseProblem =
  | "doctor-only"
  | "needs-consent"
  | "cannot-disclose"
  | "removal-asked"
  | "unanswered"
  | "incomplete";

export interface ReleaseFailure {
  /** The editor's field id: `summary`, `adjustments`, `answer.<question>`, `recommendations`… */
  field: string;
  problem: ReleaseProblem;
  message: string;
}

export interface ReleaseCheckCase {
  definition: Pick<Questionnaire, "item">;
  answers: Answers;
  draft: DraftReport | null;
  /** The person's name: never "a named person" in a sentence about their own health. */
  subjectName?: string;
  /** The doctor's marks, `field|key` (disclosureMark): each finding they chose to disclose. */
  marks?: ReadonlySet<string>;
  /** Keys the person asked the doctor to remove from an earlier version: never markable again. */
  removalAsked?: ReadonlySet<string>;
}

/** One finding in one employer-visible field, as the editor shows it and the gate judges it. */
export interface ReportFinding {
  field: string;
  kind: DisclosureKind;
  key: string;
  text: string;
  /** `field|key`: what the editor posts to mark it. */
  mark: string;
  /** The sentence around the finding, split so the page can highlight the words in place. */
  before: string;
  after: string;
  reason: string;
  /** false for third-party and copied text, and for an item the person asked to remove. */
  markable: boolean;
  marked: boolean;
  removalAsked: boolean;
}

/** A doctor-only sentence is found when this many of its words stand in a row (or all of a shorter one). */
const DOCTOR_ONLY_MIN_WORDS = 8;
/** Free-text answers that name a diagnosis the person gave. */
const DIAGNOSIS_ANSWERS = ["condition.diagnosis"];

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

function containsRun(words: readonly string[], run: readonly string[]): boolean {
  outer: for (let i = 0; i + run.length <= words.length; i++) {
    for (let j = 0; j < run.length; j++) if (words[i + j] !== run[j]) continue outer;
    return true;
  }
  return false;
}

interface VisibleField {
  field: string;
  text: string;
  /** The one place a diagnosis may stand: the person decides on review whether it is released. */
  diagnosisField: boolean;
}

/** The employer-visible texts of a report body, by the editor's field id. */
export function employerVisibleFields(body: ReportBody): VisibleField[] {
  if (body.kind === "pre_employment")
    return [
      { field: "summary", text: body.summary ?? "", diagnosisField: false },
      ...body.recommendations.map((item) => ({
        field: "recommendations",
        text: adjustmentText(item),
        diagnosisField: false,
      })),
      { field: "planWhat", text: body.plan?.what ?? "", diagnosisField: false },
      { field: "planByWhom", text: body.plan?.byWhom ?? "", diagnosisField: false },
      { field: "planRestrictions", text: body.plan?.restrictions ?? "", diagnosisField: false },
      { field: "drivingStandard", text: body.driving?.standard ?? "", diagnosisField: false },
      { field: "drivingOpinion", text: body.driving?.opinion ?? "", diagnosisField: false },
    ].filter((f) => f.text.trim().length > 0);
  const fields: VisibleField[] = [
    { field: "summary", text: body.summary, diagnosisField: false },
    ...(body.fitnessOpinion
      ? [{ field: "fitnessOpinion", text: body.fitnessOpinion, diagnosisField: false }]
      : []),
    { field: "timescale", text: body.timescale ?? "", diagnosisField: false },
    { field: "prognosis", text: body.prognosis ?? "", diagnosisField: false },
    ...body.adjustments.map((item) => ({
      field: "adjustments",
      text: adjustmentText(item),
      diagnosisField: false,
    })),
    { field: "equalityActOpinion", text: body.equalityActOpinion ?? "", diagnosisField: false },
    { field: "formalProcesses", text: body.formalProcesses ?? "", diagnosisField: false },
    { field: "followUp", text: body.followUp ?? "", diagnosisField: false },
    { field: "diagnosis", text: body.diagnosis ?? "", diagnosisField: true },
  ];
  for (const a of body.answers ?? [])
    fields.push({
      field: `answer.${a.question satisfies QuestionKey}`,
      text: a.answer,
      // A legacy answer to "Is there an underlying health condition?" is released with the diagnosis.
      diagnosisField: a.question === "underlyingCondition",
    });
  return fields.filter((f) => f.text.trim().length > 0);
}

/** The detector's context for a case: the person's own words, and every diagnosis named. */
function detectionContext(body: ReportBody | null, c: ReleaseCheckCase): DetectionContext {
  const answers: string[] = [];
  const diagnoses: string[] = [];
  for (const { item } of walkItems(c.definition)) {
    if (item.type !== "text" && item.type !== "string") continue;
    for (const value of answerList(c.answers[item.linkId]))
      if (typeof value === "string" && value.trim()) {
        answers.push(value);
        if (DIAGNOSIS_ANSWERS.includes(item.linkId)) diagnoses.push(value);
      }
  }
  if (body?.kind === "management" && body.diagnosis) diagnoses.push(body.diagnosis);
  return { answers, diagnoses, subjectNames: c.subjectName ? [c.subjectName] : [] };
}

/** The sentence of `text` around [start, end): from the last full stop, ! or ? or line break. */
function sentenceAround(text: string, start: number, end: number) {
  const head = text.slice(0, start);
  const boundary = Math.max(
    head.lastIndexOf(". "),
    head.lastIndexOf("! "),
    head.lastIndexOf("? "),
    head.lastIndexOf("\n"),
  );
  const from = boundary < 0 ? 0 : boundary + (text[boundary] === "\n" ? 1 : 2);
  // A finding that is a whole sentence (someone else's health) ends its own sentence.
  const ended = /[.!?]$/.test(text.slice(start, end));
  const rest = text.slice(end).search(/[.!?](\s|$)|\n/);
  const to = ended ? end : rest < 0 ? text.length : end + rest + 1;
  return { before: text.slice(from, start).trimStart(), after: text.slice(end, to).trimEnd() };
}

function messageOf(finding: ReportFinding): string {
  const what = `“${finding.text.length > 60 ? `${finding.text.slice(0, 57)}…` : finding.text}”`;
  if (finding.kind === "third-party")
    return `${what} is about someone else's health. It can never be disclosed: remove it.`;
  if (finding.kind === "copied")
    return `${what} is copied from the employee's answers. It can never be disclosed: describe the effect on work in your own words.`;
  if (finding.removalAsked)
    return `The employee asked for ${what} to be removed. Remove it: it cannot be disclosed.`;
  return `${what} is ${DISCLOSURE_KIND_LABELS[finding.kind]}. Rewrite it in terms of function, or mark it “disclose with the employee's consent”.`;
}

/** Every finding in the employer-visible fields, in field order, with the doctor's marks. */
export function reportFindings(body: ReportBody, c: ReleaseCheckCase): ReportFinding[] {
  const context = detectionContext(body, c);
  const marks = c.marks ?? new Set<string>();
  const removalAsked = c.removalAsked ?? new Set<string>();
  const findings: ReportFinding[] = [];
  for (const { field, text, diagnosisField } of employerVisibleFields(body)) {
    const found: ClinicalFinding[] = findClinicalStatements(text, context);
    for (const f of found) {
      // The diagnosis field is the person's own yes-or-no on review; only someone else's health
      // is refused in it, since no consent of theirs can release that.
      if (diagnosisField && f.kind !== "third-party") continue;
      const asked = removalAsked.has(f.key);
      const mark = disclosureMark(field, f.key);
      const markable = f.markable && !asked;
      findings.push({
        field,
        kind: f.kind,
        key: f.key,
        text: f.text,
        mark,
        ...sentenceAround(text, f.start, f.end),
        reason: f.reason,
        markable,
        marked: markable && marks.has(mark),
        removalAsked: asked,
      });
    }
  }
  return findings;
}

/**
 * The items a signature would disclose: each marked finding once per sentence it stands in, in
 * field order, numbered for the person's decisions.
 */
export function disclosureItemsOf(findings: readonly ReportFinding[]): DisclosureItem[] {
  const items: DisclosureItem[] = [];
  const seen = new Set<string>();
  for (const f of findings) {
    if (!f.marked) continue;
    const sentence = `${f.before}${f.text}${f.after}`;
    const id = `${f.mark}|${sentence}`;
    if (seen.has(id)) continue;
    seen.add(id);
    items.push({
      id: `d${items.length + 1}`,
      field: f.field,
      kind: f.kind,
      key: f.key,
      text: f.text,
      sentence,
    });
  }
  return items;
}

export function checkReportRelease(
  body: ReportBody,
  c: ReleaseCheckCase,
  findings: readonly ReportFinding[] = reportFindings(body, c),
): ReleaseFailure[] {
  const statements = c.draft ? draftStatements(c.draft) : [];
  const doctorOnly = statements
    .filter((s) => s.audience !== "employer")
    .map((s) => wordsOf(s.text))
    .filter((w) => w.length >= 4);
  // Wording the drafter also wrote for the employer is not a doctor-only sentence.
  const employerWords = statements
    .filter((s) => s.audience === "employer")
    .map((s) => wordsOf(s.text));

  const failures: ReleaseFailure[] = [];
  for (const { field, text } of employerVisibleFields(body)) {
    const words = wordsOf(text);
    const copiedNote = doctorOnly.some((sentence) => {
      const run = longestCommonRun(sentence, words);
      return (
        run.length >= Math.min(DOCTOR_ONLY_MIN_WORDS, sentence.length) &&
        !employerWords.some((e) => containsRun(e, run))
      );
    });
    if (copiedNote)
      failures.push({
        field,
        problem: "doctor-only",
        message: `This still holds a note written for the doctor only. Rewrite ${disclosureFieldLabel(field)} for the employer.`,
      });
  }
  for (const finding of findings) {
    if (finding.marked) continue;
    failures.push({
      field: finding.field,
      problem: !finding.markable
        ? finding.removalAsked
          ? "removal-asked"
          : "cannot-disclose"
        : "needs-consent",
      message: messageOf(finding),
    });
  }
  return failures;
}

/** What the person agreed to release to the employer: the released version of the report. */
export interface ReleasedDisclosures {
  body: ReportBody;
  /** The version's items, with the person's decisions. */
  disclosures: readonly DisclosureItem[] | null;
  /** The person agreed on review that the diagnosis field be released. */
  diagnosisReleased: boolean;
}

/**
 * A doctor's message to the employer passes the same gate as a report (docs/architecture.md §4,
 * "The case conversation"): every clinical statement the detector finds in it must be one the
 * person agreed to release in the released report (the same key, so any wording of it), or the
 * message is refused. Before release nothing is agreed, so any clinical statement is refused;
 * someone else's health and words copied from the answers never pass. Returns one message per
 * refused finding, empty when the message may be sent.
 */
export function checkEmployerMessage(
  text: string,
  c: ReleaseCheckCase,
  released: ReleasedDisclosures | null,
): string[] {
  const context = detectionContext(released?.body ?? null, c);
  const agreed = new Set(
    (released?.disclosures ?? []).filter((i) => i.decision === "agreed").map((i) => i.key),
  );
  if (released?.diagnosisReleased && released.body.kind === "management" && released.body.diagnosis)
    for (const f of findClinicalStatements(released.body.diagnosis, context))
      if (f.markable) agreed.add(f.key);
  const refusals: string[] = [];
  for (const f of findClinicalStatements(text, context)) {
    if (f.markable && agreed.has(f.key)) continue;
    const what = `“${f.text.length > 60 ? `${f.text.slice(0, 57)}…` : f.text}”`;
    refusals.push(
      f.kind === "third-party"
        ? `${what} is about someone else's health. It can never be shared with the employer.`
        : f.kind === "copied"
          ? `${what} is copied from the employee's answers. Describe the effect on work in your own words.`
          : `${what} is ${DISCLOSURE_KIND_LABELS[f.kind]} the employee has not agreed to share with the employer. Write about function and adjustments instead.`,
    );
  }
  return refusals;
}
