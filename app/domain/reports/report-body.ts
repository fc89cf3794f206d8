import { z } from "zod";
import { REFERRAL_QUESTIONS } from "./drafter.ts";

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
    a.weeks === undefined && a.reviewBy === undefined ? a.text : a,
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
          question: z.enum(REFERRAL_QUESTIONS),
          answer: required(4000, "Answer the question."),
        }),
      )
      .max(REFERRAL_QUESTIONS.length)
      .optional(),
    fitness: z.enum(managementFitness, { message: "Choose a fitness outcome." }),
    /** The doctor's opinion on fitness in words, beside the category. */
    fitnessOpinion: text(2000).optional(),
    /** Required when temporarily unfit: the estimated time to regain fitness, in words. */
    timescale: text(200).optional(),
    adjustments: z.array(adjustmentItem).max(20, "Keep to 20 adjustments or fewer."),
    /** Advisory only: whether the Act applies is for a tribunal, not a doctor. */
    equalityActOpinion: text(2000).optional(),
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
} as const satisfies Record<(typeof REFERRAL_QUESTIONS)[number], string>;

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
  questions: readonly (typeof REFERRAL_QUESTIONS)[number][],
): (typeof REFERRAL_QUESTIONS)[number][] {
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
function ukDate(at: Date): string {
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
