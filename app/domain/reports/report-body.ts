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

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Give the review date as a date.")
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, "Give a real calendar date for the review.");

/** A calendar date the doctor gives, named in its messages. */
function calendarDate(what: string) {
  return z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Give ${what} as a date.`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
    }, `Give a real calendar date for ${what}.`);
}

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
    /**
     * The date the doctor would look at the case again, beside `followUp`'s words: it goes on the
     * employer's calendar of reviews with a reminder (docs/architecture.md §4, "Reviews due").
     */
    followUpBy: isoDate.optional(),
    /** The expected date of return to work, where there is one, beside the timescale's words. */
    expectedReturnOn: calendarDate("the expected return to work").optional(),
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

// One formatter for the process: making one loads the zone's rules, some 65 times the cost of a
// format (0.13 ms against 0.002), and the dashboard asks for today's date on every request.
const ukDayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" });

/** Today's date in the UK (docs/architecture.md §9), as YYYY-MM-DD. */
export function ukDate(at: Date): string {
  return ukDayFormat.format(at);
}
