import { type ServiceEmail, serviceEmail } from "~/lib/service-email.ts";

interface SafetyAlertEmailInput {
  reference: string;
  type: "pre_employment" | "management";
  /** Where the on-call doctor opens the case (the doctor portal, behind sign-in and TOTP). */
  portalUrl: string;
}

/**
 * The e-mail to the clinical on-call when an answer raises an urgent safety flag. E-mail is not a
 * safe place for health data: it names the case and where to read it, nothing the person said.
 */
export function safetyAlertEmail(input: SafetyAlertEmailInput): ServiceEmail {
  return onCallEmail(input, `URGENT safety flag: ${input.reference}`, [
    `An answer in the assessment for ${caseKind(input)} ${input.reference} raised an urgent safety flag.`,
    "The person has been shown crisis support (Samaritans 116 123, NHS 111, 999 in an emergency) and can carry on with the assessment. The case is marked urgent at the top of every doctor's queue now, whether or not the person sends their answers, with their phone number and e-mail address.",
    "Please sign in to the doctor portal, contact the person today and record each attempt in the case's contact log. If no successful contact is recorded within 2 hours, this address is e-mailed again.",
  ]);
}

/**
 * The reminder to the clinical on-call when nobody has recorded reaching the person 2 hours after
 * the last alert. Like the first alert: the reference and where to act, no health detail.
 */
export function safetyRealertEmail(
  input: SafetyAlertEmailInput & { flaggedAt: Date; now: Date },
): ServiceEmail {
  const hours = Math.max(
    1,
    Math.floor((input.now.getTime() - input.flaggedAt.getTime()) / 3_600_000),
  );
  return onCallEmail(input, `URGENT not yet contacted: ${input.reference}`, [
    `The urgent safety flag on ${caseKind(input)} ${input.reference} was raised ${hours} hour${hours === 1 ? "" : "s"} ago and no doctor has yet recorded reaching the person.`,
    "Please sign in to the doctor portal, contact the person now and record the attempt in the case's contact log. This reminder repeats every 2 hours until a successful contact is recorded.",
  ]);
}

function caseKind(input: SafetyAlertEmailInput): string {
  return input.type === "management" ? "management referral" : "pre-employment check";
}

/** Both e-mails end the same way: where to act, the doctor portal. */
function onCallEmail(
  input: SafetyAlertEmailInput,
  subject: string,
  paragraphs: string[],
): ServiceEmail {
  return serviceEmail(subject, paragraphs, {
    label: "Open the doctor portal",
    url: input.portalUrl,
  });
}
