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
