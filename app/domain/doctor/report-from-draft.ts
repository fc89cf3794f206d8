import {
  askedQuestions,
  type QuestionKey,
  type SelectedQuestions,
} from "~/domain/referrals/management-questions.ts";
import {
  DRAFT_SECTION_OF,
  type DraftReport,
  type DraftSection,
  type DraftStatement,
} from "~/domain/reports/drafter.ts";
import {
  type Adjustment,
  type ManagementReportBody,
  managementFitness,
  type PreEmploymentReportBody,
  preEmploymentOutcomes,
  type ReportBody,
  ukDate,
} from "~/domain/reports/report-body.ts";
import { saysNothingNeeded } from "~/domain/reports/signing-issues.ts";

/** Where the draft keeps its answer to each of the employer's questions (DRAFT_SECTION_OF). */
export function draftSectionFor(
  draft: DraftReport | null,
  question: QuestionKey,
): DraftSection | undefined {
  return draft?.[DRAFT_SECTION_OF[question]];
}

/** Only what the drafter wrote for the employer pre-fills a field; the rest stays evidence. */
function employerStatements(statements: readonly DraftStatement[] | undefined): DraftStatement[] {
  return (statements ?? []).filter((s) => s.audience === "employer");
}

/** The doctor's evidence beside a field: everything the drafter did not write for the employer. */
export function doctorStatements(
  statements: readonly DraftStatement[] | undefined,
): DraftStatement[] {
  return (statements ?? []).filter((s) => s.audience !== "employer");
}

function join(statements: readonly DraftStatement[] | undefined): string {
  return employerStatements(statements)
    .map((s) => s.text)
    .join(" ");
}

/** A pre-filled adjustment's first review, in weeks, for the doctor to change (ADR 0017). */
const PREFILL_REVIEW_WEEKS = { management: 8, pre_employment: 12 } as const;

/**
 * The drafter's employer lines as adjustments, each with a date to review it by (not a duration:
 * some are advice, such as the employee assistance programme, which no number of weeks fits), or
 * as the one "none" line.
 */
function prefilledAdjustments(
  statements: readonly DraftStatement[] | undefined,
  weeks: number,
  now: Date,
): Adjustment[] {
  const reviewBy = ukDate(new Date(now.getTime() + weeks * 7 * 86_400_000));
  return employerStatements(statements).map((s) =>
    saysNothingNeeded(s.text) ? s.text : { text: s.text, reviewBy },
  );
}

/** "They are" → "Robin is": the verbs the drafter's employer sentences open with. */
const SINGULAR: Record<string, string> = {
  are: "is",
  have: "has",
  were: "was",
  find: "finds",
  report: "reports",
  completed: "completed",
  can: "can",
  will: "will",
  should: "should",
  may: "may",
};

/**
 * The person by their name where the drafter wrote "they" at the start of the employer's text
 * (docs/decisions/0017-actionable-reports.md). Only the opening is changed; no pronoun is
 * recorded for the person, so "they" stays after it. The drafter itself never sees the name.
 */
export function namedOpening(text: string, subjectName: string | undefined): string {
  const name = subjectName?.trim().split(/\s+/)[0];
  if (!name || !text) return text;
  return text
    .replace(/^They (\w+)\b/, (all, verb: string) =>
      SINGULAR[verb] ? `${name} ${SINGULAR[verb]}` : all,
    )
    .replace(/^In my opinion they (are)\b/, `In my opinion ${name} is`);
}

const EQUALITY_ACT_VIEW = {
  likely: "likely",
  possible: "may",
  unclear: "may",
  unlikely: "unlikely",
} as const satisfies Record<string, ManagementReportBody["equalityActView"]>;

/**
 * The editor's starting point: the draft's employer-facing statements turned into the report's
 * fields, each question once in its own field (QUESTION_FIELDS). Quotations, scores and notes
 * for the doctor stay in the evidence beside the fields and never pre-fill them
 * (docs/decisions/0011-report-audiences.md). Nothing is signed until the doctor signs.
 */
export function reportBodyFromDraft(
  draft: DraftReport | null,
  referral: {
    type: "management" | "pre_employment";
    questions: SelectedQuestions | null;
    /** Named at the start of the employer's text, where the drafter wrote "they". */
    subjectName?: string;
  },
  /** The editor's clock: pre-filled reviews are dated from it. */
  now: Date = new Date(),
): ReportBody {
  if (referral.type === "pre_employment") {
    const suggested = draft?.outcome?.suggested;
    const body: PreEmploymentReportBody = {
      kind: "pre_employment",
      outcome: (preEmploymentOutcomes as readonly string[]).includes(suggested ?? "")
        ? (suggested as PreEmploymentReportBody["outcome"])
        : "fit",
      recommendations: prefilledAdjustments(
        draft?.adjustments?.statements,
        PREFILL_REVIEW_WEEKS.pre_employment,
        now,
      ),
      summary: join(draft?.summary),
    };
    return body;
  }
  const suggested = draft?.outcome?.suggested;
  const asked = new Set(askedQuestions(referral.questions));
  const body: ManagementReportBody = {
    kind: "management",
    fitness: (managementFitness as readonly string[]).includes(suggested ?? "")
      ? (suggested as ManagementReportBody["fitness"])
      : "fit",
    fitnessOpinion: asked.has("fitForWork")
      ? namedOpening(join(draft?.outcome?.statements), referral.subjectName)
      : "",
    timescale:
      asked.has("timeToFitness") || suggested === "temporarily-unfit"
        ? (draft?.timescale?.estimate ?? "")
        : "",
    adjustments: prefilledAdjustments(
      draft?.adjustments?.statements,
      PREFILL_REVIEW_WEEKS.management,
      now,
    ),
    ...(draft?.equalityAct
      ? { equalityActView: EQUALITY_ACT_VIEW[draft.equalityAct.likelihood] }
      : {}),
    equalityActOpinion: join(draft?.equalityAct?.statements),
    prognosis: join(draft?.prognosis?.statements),
    ...(draft?.prognosis ? { recurrence: draft.prognosis.recurrence } : {}),
    formalProcesses: join(draft?.formalProcesses?.statements),
    followUp: join(draft?.followUp?.statements),
    diagnosis: join(draft?.underlyingCondition?.statements),
    summary: namedOpening(join(draft?.summary), referral.subjectName),
  };
  return body;
}
