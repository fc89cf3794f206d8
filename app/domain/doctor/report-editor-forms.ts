import { z } from "zod";
import { oneTimeCode } from "~/domain/accounts/one-time-code.ts";
import { caseMessageForm } from "~/domain/case-conversation/conversation-rules.ts";
import { DECLINE_REASON_MAX } from "~/domain/reports/subject-copy.ts";
import { CLINICAL_NOTES_MAX } from "./clinical-notes.ts";

/*
 * The report editor's forms (docs/architecture.md §3, "Forms"), one schema each, told apart by the
 * `intent` their button sends: the report itself (save a draft, or sign and send), the private
 * clinical notes, a message to the employee in their thread and declining a correction. The action reads the
 * union; each form checks its own schema in the browser.
 */

/**
 * A code typed for signing, without the spaces an authenticator app shows; empty when the
 * session's last step-up still counts.
 */
const stepUpCode = oneTimeCode.default("");

/**
 * The report's fields are many, repeated per row and depend on the referral's type: the schema
 * takes them as sent (`reportBodyFromForm` reads them into a body) and the report body's own
 * schema, with its rules across fields, decides on saving.
 */
const reportFields = { stepUpCode };

export const reportEditorForms = {
  save: z.looseObject({ intent: z.literal("save"), ...reportFields }),
  send: z.looseObject({ intent: z.literal("send"), ...reportFields }),
  notes: z.object({
    intent: z.literal("notes"),
    clinicalNotes: z
      .string()
      .default("")
      .refine(
        (notes) => notes.trim().length <= CLINICAL_NOTES_MAX,
        `Private notes must be at most ${CLINICAL_NOTES_MAX.toLocaleString("en-GB")} characters.`,
      ),
  }),
  /** A message to the person in their thread: the case conversation's own box and rules. */
  message: caseMessageForm.extend({ thread: z.literal("person_doctor") }),
  decline: z.object({
    intent: z.literal("decline"),
    declineReason: z
      .string({ error: "Give the employee your reason for not changing the report." })
      .trim()
      .min(10, "Give the employee your reason for not changing the report.")
      .max(DECLINE_REASON_MAX, `Keep the reason under ${DECLINE_REASON_MAX} characters.`),
    stepUpCode,
  }),
};
export const reportEditorFormSchema = z.discriminatedUnion("intent", [
  reportEditorForms.save,
  reportEditorForms.send,
  reportEditorForms.notes,
  reportEditorForms.message,
  reportEditorForms.decline,
]);
