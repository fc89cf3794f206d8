import { z } from "zod";
import { type QuestionKey, questionKeys } from "~/domain/referrals/management-questions.ts";

/*
 * The sections of a signed report (docs/architecture.md §4, ADR 0011). One schema validates the doctor's
 * editor, the stored version, the subject's review page, the employer's drawer and the PDF.
 * Every text is plain text: pages and PDFs render it literally, never as HTML.
 */

const text = (max: number) => z.string().trim().max(max, `Keep this under ${max} characters.`);
const required = (max: number, message: string) => text(max).min(1, message);

/** A temporary adjustment lasts 1 to 104 weeks; its review date is at most two years ahead. */
export const ADJUSTMENT_MAX_WEEKS = 104;
const REVIEW_MAX_DAYS = 731;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Give the review date as a date.")
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, "Give a real calendar date for the review.");

/**
 * One recommended adjustment. A permanent one is its text; a temporary one also carries how many
 * weeks it lasts, a date to review it by, or both (stored with the signed version, so the
 * employer reads the same terms the doctor signed). Versions signed before terms existed hold
 * strings only and still parse.
 */
const adjustmentTerms = z.object({
  text: required(500, "An adjustment cannot be empty."),
  /**
   * Marked by the doctor as lasting, with no duration or review: every other adjustment needs
   * a duration or a review date before signing (signingIssues).
   */
  lasting: z.literal(true).optional(),
  weeks: z
    .number({ message: "Give the duration in whole weeks." })
    .int("Give the duration in whole weeks.")
    .min(1, "A temporary adjustment lasts at least 1 week.")
    .max(ADJUSTMENT_MAX_WEEKS, `Keep a duration to ${ADJUSTMENT_MAX_WEEKS} weeks or fewer.`)
    .optional(),
  reviewBy: isoDate.optional(),
});
export const adjustmentItem = z.preprocess(
  (value) => (typeof value === "string" ? { text: value } : value),
  adjustmentTerms.transform((a) =>
    a.weeks === undefined && a.reviewBy === undefined && !a.lasting ? a.text : a,
  ),
);
export type Adjustment = z.infer<typeof adjustmentItem>;

export function adjustmentText(item: Adjustment): string {
  return typeof item === "string" ? item : item.text;
}

export const managementFitness = [
  "fit",
  "fit-with-adjustments",
  "temporarily-unfit",
  "unfit-for-current-role",
] as const;

export const preEmploymentOutcomes = [
  "fit",
  "fit-with-adjustments",
  "further-assessment-needed",
  "unfit",
] as const;

/** The doctor's advisory view on the Equality Act 2010, beside their reason in words. */
export const equalityActViews = ["likely", "may", "unlikely"] as const;
export const EQUALITY_ACT_VIEW_LABELS: Record<(typeof equalityActViews)[number], string> = {
  likely: "Likely to apply",
  may: "May apply",
  unlikely: "Unlikely to apply",
};

/** The likelihood of recurrence or of further absence, in the Faculty of Occupational Medicine's plain terms. */
export const recurrenceLikelihoods = ["unlikely", "possible", "likely"] as const;
export const RECURRENCE_LABELS: Record<(typeof recurrenceLikelihoods)[number], string> = {
  unlikely: "Recurrence or further absence is unlikely",
  possible: "Recurrence or further absence is possible",
  likely: "Recurrence or further absence is likely",
};

/** Until a further assessment is done, whether the candidate may start. */
export const interimAdvice = [
  "may-start",
  "may-start-with-restrictions",
  "should-not-start-yet",
] as const;
export const INTERIM_LABELS: Record<(typeof interimAdvice)[number], string> = {
  "may-start": "May start",
  "may-start-with-restrictions": "May start, with the restrictions below",
  "should-not-start-yet": "Should not start yet",
};

/** The DVLA's two groups of driving licence (Assessing fitness to drive). */
export const dvlaGroups = ["group-1", "group-2"] as const;
export const DVLA_GROUP_LABELS: Record<(typeof dvlaGroups)[number], string> = {
  "group-1": "Group 1 (cars and motorcycles)",
  "group-2": "Group 2 (lorries and buses)",
};

export const managementReportBody = z
  .object({
    kind: z.literal("management"),
    /**
     * Versions signed before each question had its own field answered the questions here as well
     * as in the sections (see QUESTION_FIELDS). Kept so they still read as signed; the editor no
     * longer writes it.
     */
    answers: z
      .array(
        z.object({
          question: z.enum(questionKeys),
          answer: required(4000, "Answer the question."),
        }),
      )
      .max(questionKeys.length)
      .optional(),
    fitness: z.enum(managementFitness, { message: "Choose a fitness outcome." }),
    /** The doctor's opinion on fitness in words, beside the category. */
    fitnessOpinion: text(2000).optional(),
    /** Required when temporarily unfit: the estimated time to regain fitness, in words. */
    timescale: text(200).optional(),
    adjustments: z.array(adjustmentItem).max(20, "Keep to 20 adjustments or fewer."),
    /** Advisory only: whether the Act applies is for a tribunal, not a doctor. */
    equalityActView: z.enum(equalityActViews).optional(),
    /** The doctor's reason for their view on the Act. */
    equalityActOpinion: text(2000).optional(),
    /** The expected course, in plain words for the employer (required to sign). */
    prognosis: text(2000).optional(),
    /** The likelihood of recurrence or further absence (required to sign). */
    recurrence: z.enum(recurrenceLikelihoods).optional(),
    formalProcesses: text(2000).optional(),
    followUp: text(2000).optional(),
    /** The underlying condition; the employer sees it only if the subject agreed on review. */
    diagnosis: text(2000).optional(),
    summary: required(6000, "Write a summary."),
  })
  .superRefine((body, ctx) => {
    if (body.fitness === "temporarily-unfit" && !body.timescale)
      ctx.addIssue({
        code: "custom",
        path: ["timescale"],
        message: "Give an estimated timescale for a temporary unfitness.",
      });
  });

/** A certificate of outcome with recommendations: no clinical detail reaches the employer. */
export const preEmploymentReportBody = z.object({
  kind: z.literal("pre_employment"),
  outcome: z.enum(preEmploymentOutcomes, { message: "Choose an outcome." }),
  recommendations: z.array(adjustmentItem).max(20, "Keep to 20 recommendations or fewer."),
  /** A short non-clinical summary for the employer. */
  summary: text(2000).optional(),
  /**
   * When further assessment is needed, the plan an employer can act on (required to sign): what,
   * by whom, by when, and whether the candidate may start meanwhile.
   */
  plan: z
    .object({
      what: text(500).optional(),
      byWhom: text(200).optional(),
      expectedBy: isoDate.optional(),
      interim: z.enum(interimAdvice).optional(),
      restrictions: text(1000).optional(),
    })
    .optional(),
  /** For a driving role (required to sign): the DVLA group considered, its standard and the opinion. */
  driving: z
    .object({
      group: z.enum(dvlaGroups).optional(),
      standard: text(500).optional(),
      opinion: text(1000).optional(),
    })
    .optional(),
});

export const reportBody = z.discriminatedUnion("kind", [
  managementReportBody,
  preEmploymentReportBody,
]);

/**
 * Each question the employer can ask has exactly one field, and so one place in the report
 * (docs/decisions/0011-report-audiences.md): the standing sections answer them, nothing repeats.
 */
export const QUESTION_FIELDS = {
  fitForWork: "fitness",
  underlyingCondition: "diagnosis",
  timeToFitness: "timescale",
  recommendedAdjustments: "adjustments",
  engageInProcesses: "formalProcesses",
  equalityAct: "equalityActOpinion",
  followUp: "followUp",
} as const satisfies Record<QuestionKey, keyof ManagementReportBody>;

export type ManagementReportBody = z.infer<typeof managementReportBody>;
export type PreEmploymentReportBody = z.infer<typeof preEmploymentReportBody>;
export type ReportBody = z.infer<typeof reportBody>;

/**
 * The employer's questions that the body leaves unanswered (their one field is empty). When no
 * adjustment is needed the doctor says so as the list's one line; the fitness question always has
 * its category.
 */
export function unansweredQuestions(
  body: ReportBody,
  questions: readonly QuestionKey[],
): QuestionKey[] {
  if (body.kind !== "management") return [];
  return questions.filter((q) => {
    switch (QUESTION_FIELDS[q]) {
      case "fitness":
        return false;
      case "adjustments":
        return body.adjustments.length === 0;
      default: {
        const value = body[QUESTION_FIELDS[q] as "diagnosis"];
        return !value?.trim();
      }
    }
  });
}

/** Today's date in the UK (docs/architecture.md §9), as YYYY-MM-DD. */
export function ukDate(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(at);
}

/**
 * Review dates must lie ahead when the doctor writes them: from tomorrow to about two years on.
 * Checked on save, not in the schema, because a signed version keeps its date after it passes.
 */
export function adjustmentTermIssues(
  body: ReportBody,
  now: Date,
): { path: string; message: string }[] {
  const list = body.kind === "management" ? "adjustments" : "recommendations";
  const items: Adjustment[] = body.kind === "management" ? body.adjustments : body.recommendations;
  const today = ukDate(now);
  const latest = ukDate(new Date(now.getTime() + REVIEW_MAX_DAYS * 86_400_000));
  const issues: { path: string; message: string }[] = [];
  items.forEach((item, i) => {
    if (typeof item === "string" || !item.reviewBy) return;
    if (item.reviewBy <= today)
      issues.push({ path: `${list}.${i}.reviewBy`, message: "Give a review date in the future." });
    else if (item.reviewBy > latest)
      issues.push({
        path: `${list}.${i}.reviewBy`,
        message: "Give a review date within the next two years.",
      });
  });
  return issues;
}

/** What signing needs of a case beyond its text: whether the role involves driving. */
interface SigningCase {
  drivingRequired?: boolean;
  /** The employer's questions, when it is a management referral. */
  questions?: readonly QuestionKey[];
}

/** A list line that says nothing is needed ("No workplace adjustments are needed at present"). */
export function saysNothingNeeded(text: string): boolean {
  return /^\s*no (?:\w+ )?(?:adjustments?|restrictions?|recommendations?)\b/i.test(text);
}

/**
 * What must be complete before a report is signed, beyond its schema (docs/decisions/0017-actionable-reports.md):
 *  - every temporary adjustment has a duration or a review date, or is marked lasting;
 *  - a management report gives the expected course and the likelihood of recurrence or further
 *    absence, and the doctor's view on the Equality Act (with a reason) when the employer asked;
 *  - a certificate of "further assessment needed" carries its plan: what, by whom, by when and
 *    the interim advice (with the restrictions, when it may start with them), and no line
 *    saying nothing more is needed;
 *  - a certificate for a driving role states the DVLA group, the standard and the opinion.
 * Each issue names the editor's field.
 */
export function signingIssues(
  body: ReportBody,
  c: SigningCase,
): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  const list = body.kind === "management" ? "adjustments" : "recommendations";
  const items: Adjustment[] = body.kind === "management" ? body.adjustments : body.recommendations;
  items.forEach((item, i) => {
    if (typeof item === "object" && (item.weeks || item.reviewBy || item.lasting)) return;
    // "No adjustments are needed" is a statement, not an adjustment with a duration.
    if (saysNothingNeeded(adjustmentText(item))) return;
    issues.push({
      field: `${list}-${i}-weeks`,
      message: `Give “${adjustmentText(item)}” a duration or a review date, or mark it lasting.`,
    });
  });
  if (body.kind === "management") {
    if (!body.prognosis?.trim())
      issues.push({ field: "prognosis", message: "Give the expected course for the employer." });
    if (!body.recurrence)
      issues.push({
        field: "recurrence",
        message: "Say how likely recurrence or further absence is.",
      });
    if (c.questions?.includes("equalityAct") && !body.equalityActView)
      issues.push({
        field: "equalityActView",
        message: "Choose whether the Equality Act 2010 is likely, may or is unlikely to apply.",
      });
    return issues;
  }
  if (body.outcome === "further-assessment-needed") {
    const plan = body.plan ?? {};
    if (!plan.what?.trim())
      issues.push({ field: "planWhat", message: "Say what further assessment is needed." });
    if (!plan.byWhom?.trim())
      issues.push({ field: "planByWhom", message: "Say who will carry out the assessment." });
    if (!plan.expectedBy)
      issues.push({ field: "planExpectedBy", message: "Give the date it is expected by." });
    if (!plan.interim)
      issues.push({
        field: "planInterim",
        message: "Say whether the candidate may start in the meantime.",
      });
    if (plan.interim === "may-start-with-restrictions" && !plan.restrictions?.trim())
      issues.push({
        field: "planRestrictions",
        message: "Give the restrictions the candidate may start with.",
      });
    items.forEach((item, i) => {
      if (saysNothingNeeded(adjustmentText(item)))
        issues.push({
          field: `recommendations-${i}-text`,
          message: `“${adjustmentText(item)}” cannot stand beside an outcome that says further assessment is needed.`,
        });
    });
  }
  if (c.drivingRequired) {
    const driving = body.driving ?? {};
    if (!driving.group)
      issues.push({ field: "drivingGroup", message: "Choose the DVLA group you considered." });
    if (!driving.standard?.trim())
      issues.push({ field: "drivingStandard", message: "Name the DVLA standard that applies." });
    if (!driving.opinion?.trim())
      issues.push({ field: "drivingOpinion", message: "Give your opinion on fitness to drive." });
  }
  return issues;
}
