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
  /**
   * On a follow-up only, the person's separate answer on sharing their earlier cases with the
   * doctor (docs/architecture.md §4, "Follow-up referrals"): nothing is chosen for them, so the
   * action asks for it when the referral is a follow-up and it is missing.
   */
  shareEarlierCases: z.enum(["yes", "no"]).optional(),
});

/** The message when a follow-up's consent arrives without the choice about earlier cases. */
export const shareEarlierCasesMessage =
  "Choose whether the doctor may see your earlier reports and answers";
