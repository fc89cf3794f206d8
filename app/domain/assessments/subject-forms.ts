import { z } from "zod";
import { CONSENT_VERSION } from "./consent-notice.ts";

/*
 * The forms on the person's landing page (docs/architecture.md §3, "Forms"): one schema each, read
 * by the action with `parseSubmission` and by the page with `useSchemaForm`, so the browser and
 * the server give the same messages.
 */

const agreeMessage = "Select the box to confirm you consent, or choose “I do not agree”";

/**
 * Consent to the notice shown (its version posted with it) and the person's own phone number. The
 * number is read as typed: the action normalises it with `normalisePhone` on the server only, so
 * the page ships no phone-number metadata.
 */
export const consentForm = z.object({
  consentVersion: z
    .string()
    .optional()
    .transform((value) => value || CONSENT_VERSION),
  phone: z.string().optional().default(""),
  agree: z.literal("yes", { error: agreeMessage }),
});

/** The longest answer to a doctor's question (the domain checks it again). */
export const SUBJECT_REPLY_MAX = 4000;
const replyMessage = "Write your answer before you send it.";

/** The person's answer to one of the doctor's questions. */
export const doctorReplyForm = z.object({
  intent: z.literal("reply"),
  messageId: z.string().optional().default(""),
  reply: z
    .string({ error: replyMessage })
    .trim()
    .min(1, replyMessage)
    .max(SUBJECT_REPLY_MAX, `Keep your answer under ${SUBJECT_REPLY_MAX} characters.`),
});

/** Which of the entry page's forms was sent: the consent, or an answer to the doctor. */
export const startPageIntent = z.object({ intent: z.enum(["consent", "reply"]).catch("consent") });
