import { z } from "zod";
import type { CaseAuthorRole } from "~/db/schema/case-conversation.ts";
import { canAct, type ReferralStatus } from "~/domain/referrals/lifecycle.ts";
import { requiredText } from "~/lib/required-text.ts";

/*
 * The case conversation's rules (docs/architecture.md §4, "The case conversation"), pure so the
 * form, the pages and the domain read the same ones.
 */

/** A message is plain text of up to this many characters. */
export const MESSAGE_MAX = 5_000;

/** The employer may ask about a released report for this many days after its release. */
const QUESTION_WINDOW_DAYS = 30;

const messageRequired = "Write your message.";

/** The message box, on both sides of the employer's thread. */
export const caseMessageForm = z.object({
  intent: z.literal("message"),
  /** On the doctor's page, which of its two threads the box belongs to. */
  thread: z.enum(["employer_doctor", "person_doctor"]).optional(),
  /** The doctor's tick on an employer-thread message: the person may read it too. */
  shareWithPerson: z.literal("on").optional(),
  body: requiredText(
    messageRequired,
    MESSAGE_MAX,
    `Keep your message under ${MESSAGE_MAX.toLocaleString("en-GB")} characters.`,
  ),
});

/**
 * Which form of a case's page was sent: its message box, or one of the page's other forms (which
 * the page's own schema then reads).
 */
export const casePageIntent = z.object({
  intent: z.string().transform((intent) => (intent === "message" ? "message" : "other")),
});

/** Whether the thread is open for this side to write in, and why not when it is not. */
export type ThreadState = { open: true } | { open: false; reason: string };

const DAY_MS = 24 * 60 * 60 * 1000;

const closedReasons = {
  employer: "Messages and documents to the doctor are closed for this referral.",
  doctor: "Messages and documents are closed for this case.",
  subject: "You can no longer send documents on this assessment.",
} as const;

/**
 * The employer's thread is open where the lifecycle table lets this side write ("message"), and
 * for a finished case only within the question window after its report's release.
 */
export function employerThreadState(
  side: "employer" | "doctor" | "subject",
  referral: { status: ReferralStatus; releasedAt: Date | null },
  now: Date,
): ThreadState {
  if (!canAct(referral.status, side, "message"))
    return { open: false, reason: closedReasons[side] };
  if (referral.status === "complete" && !withinQuestionWindow(referral.releasedAt, now))
    return {
      open: false,
      reason: `Questions about a report can be asked for ${QUESTION_WINDOW_DAYS} days after its release.`,
    };
  return { open: true };
}

/**
 * Whether a released report is still open to questions, and so to an amendment that answers one:
 * for the question window after its (latest) release.
 */
export function withinQuestionWindow(releasedAt: Date | null, now: Date): boolean {
  return (
    releasedAt !== null && now.getTime() - releasedAt.getTime() <= QUESTION_WINDOW_DAYS * DAY_MS
  );
}

/** Why an amendment is refused once the question window has passed. */
export const AMENDMENT_WINDOW_CLOSED = `A released report can be amended for ${QUESTION_WINDOW_DAYS} days after its release, in answer to a question about it.`;

/** How a message's author is named beside it: their name and their part in the case. */
export const AUTHOR_ROLE_LABELS: Record<CaseAuthorRole, string> = {
  owner: "Employer (owner)",
  hr_admin: "Employer (HR administrator)",
  manager: "Employer (manager)",
  doctor: "Occupational health doctor",
  person: "Employee",
};

const reasonRequired = "Say why you need to read this case's conversation.";

/** The reason an administrator gives to read a case's conversation, kept on the audit event (short: it is a note, not a case file). */
export const adminConversationForm = z.object({
  intent: z.literal("open-conversation"),
  accessReason: z
    .string({ error: reasonRequired })
    .trim()
    .min(10, reasonRequired)
    .max(200, "Keep the reason under 200 characters."),
});
