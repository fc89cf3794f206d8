import { z } from "zod";
import { CORRECTION_COMMENT_MAX } from "./correction-comment.ts";
import { SUBJECT_STATEMENT_MAX } from "./subject-copy.ts";

/*
 * The person's decision forms on the report sent to them (docs/architecture.md §3,
 * "Forms"): one schema each, read by the action with `parseSubmission` and by the page with
 * `useSchemaForm`. Each form posts the version it shows; a version that is not the current one is
 * the domain's to refuse (the page then shows where the report stands), so it is read, not judged.
 */

const shownVersion = z
  .string()
  .optional()
  .transform((value) => Number.parseInt(value ?? "", 10));

const choiceMessage = "Choose whether your employer may see the diagnosis";
const commentMessage = "Tell the doctor what is factually wrong";

export const approveReportForm = z
  .object({
    intent: z.literal("approve"),
    version: shownVersion,
    /** Whether the page showed the diagnosis question: only then is an answer needed. */
    hasDiagnosis: z.enum(["yes", "no"]).optional(),
    releaseDiagnosis: z.enum(["yes", "no"], { error: choiceMessage }).optional(),
    statement: z
      .string()
      .trim()
      .max(SUBJECT_STATEMENT_MAX, `Keep your statement under ${SUBJECT_STATEMENT_MAX} characters`)
      .optional()
      .transform((value) => value ?? ""),
  })
  .superRefine((form, ctx) => {
    if (form.hasDiagnosis === "yes" && !form.releaseDiagnosis)
      ctx.addIssue({ code: "custom", path: ["releaseDiagnosis"], message: choiceMessage });
  });

export const reportCorrectionForm = z.object({
  intent: z.literal("correction"),
  version: shownVersion,
  comment: z
    .string({ error: commentMessage })
    .trim()
    .min(1, commentMessage)
    .max(CORRECTION_COMMENT_MAX, `Keep your comment under ${CORRECTION_COMMENT_MAX} characters`),
});

export const withholdReportForm = z.object({
  intent: z.literal("withhold"),
  version: shownVersion,
});

/** Each item the employer would be told, answered "agree" or "remove" (ADR 0016). */
export const DISCLOSURE_CHOICE_MESSAGE = "Choose Agree or Ask the doctor to remove";
export const disclosureDecisionForm = z.object({
  intent: z.literal("disclosures"),
  version: shownVersion,
  // Item ids are the version's own (`d1`, `d2`…); the domain names any the form left unanswered.
  decisions: z
    .record(
      z.string().regex(/^d\d{1,3}$/),
      z.enum(["agree", "remove"], { error: DISCLOSURE_CHOICE_MESSAGE }),
    )
    .optional()
    .transform((value) => value ?? {}),
});

/** The forms by the `intent` each posts. */
export const reportDecisionForms = {
  approve: approveReportForm,
  correction: reportCorrectionForm,
  withhold: withholdReportForm,
  disclosures: disclosureDecisionForm,
} as const;
export type ReportDecisionIntent = keyof typeof reportDecisionForms;

export function isReportDecisionIntent(value: unknown): value is ReportDecisionIntent {
  return typeof value === "string" && Object.hasOwn(reportDecisionForms, value);
}

/** Which decision form was sent; anything else reads as none. */
export const reportDecisionIntent = z.object({
  intent: z.enum(["approve", "correction", "withhold", "disclosures"]).optional().catch(undefined),
});
