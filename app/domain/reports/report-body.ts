import { z } from "zod";
import { REFERRAL_QUESTIONS } from "./drafter.ts";

/*
 * The sections of a signed report (docs/architecture.md §4, ADR 0011). One schema validates the doctor's
 * editor, the stored version, the subject's review page, the employer's drawer and the PDF.
 * Every text is plain text: pages and PDFs render it literally, never as HTML.
 */

const text = (max: number) => z.string().trim().max(max, `Keep this under ${max} characters.`);
const required = (max: number, message: string) => text(max).min(1, message);

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
    adjustments: z.array(required(500, "An adjustment cannot be empty.")).max(20),
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
  recommendations: z.array(required(500, "A recommendation cannot be empty.")).max(20),
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
