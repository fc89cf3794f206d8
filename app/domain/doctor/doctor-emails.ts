import { formatLongDateWithDay, ukDateFormat } from "~/lib/dates.ts";
import { type ServiceEmail, serviceEmail } from "~/lib/service-email.ts";

/*
 * The doctor side's e-mails. None carries health content: a reference, a name where the
 * recipient already knows it, and a link to sign in.
 */

/**
 * Every doctor notification about a case with an urgent safety flag starts its subject with
 * "URGENT", so it stands out in an inbox; the reason stays behind sign-in.
 */
export function doctorSubject(subject: string, urgent: boolean): string {
  return urgent ? `URGENT ${subject}` : subject;
}

/**
 * The line an urgent case's e-mail carries. Until a doctor has recorded reaching the person it
 * asks for that call; after it, asking again would send a second doctor to ring someone already
 * reached, so it says the contact was made and points to the log (docs/architecture.md §5a: the
 * contact log).
 */
function urgentLine(contactedAt: Date | null | undefined): string {
  if (!contactedAt)
    return "This case carries an urgent safety flag: please contact the person today and record each attempt in the case's contact log.";
  const when = ukDateFormat({ dateStyle: "long", timeStyle: "short" }).format(contactedAt);
  return `This case carries an urgent safety flag. A doctor reached the person on ${when} and recorded it in the case's contact log: read the log before you open the case, and record any further contact there.`;
}

export function caseSubmittedEmail(input: {
  reference: string;
  dashboardUrl: string;
  urgent?: boolean;
  /** When a doctor recorded reaching the person, if one has (`referral.safety_contacted_at`). */
  contactedAt?: Date | null;
}): ServiceEmail {
  return serviceEmail(
    doctorSubject(`New case ready for review: ${input.reference}`, input.urgent ?? false),
    [
      `An assessment has been completed and the case ${input.reference} is waiting in the doctor queue.`,
      ...(input.urgent ? [urgentLine(input.contactedAt)] : []),
      "The first doctor to take it from the queue becomes the doctor on the case.",
    ],
    { label: "Open the doctor dashboard", url: input.dashboardUrl },
  );
}

export function caseReassignedEmail(input: {
  reference: string;
  caseUrl: string;
  urgent: boolean;
  contactedAt?: Date | null;
}): ServiceEmail {
  return serviceEmail(
    doctorSubject(`Case assigned to you: ${input.reference}`, input.urgent),
    [
      `An administrator has made you the doctor on case ${input.reference}. You can open it now.`,
      ...(input.urgent ? [urgentLine(input.contactedAt)] : []),
    ],
    { label: "Open the case", url: input.caseUrl },
  );
}

export function slaWarningEmail(input: {
  reference: string;
  dueAt: Date;
  dashboardUrl: string;
  assigned: boolean;
  urgent?: boolean;
}): ServiceEmail {
  const due = ukDateFormat({ dateStyle: "long", timeStyle: "short" }).format(input.dueAt);
  return serviceEmail(
    doctorSubject(`Turnaround at risk: ${input.reference}`, input.urgent ?? false),
    [
      `Three quarters of the turnaround time of case ${input.reference} has passed. The report is due by ${due}.`,
      input.assigned
        ? "The case is with a doctor but no report has been sent yet."
        : "No doctor has taken the case yet.",
    ],
    { label: "Open the dashboard", url: input.dashboardUrl },
  );
}

export function reportReadyEmail(input: {
  subjectName: string;
  reference: string;
  link: string;
  reviewDueAt: Date;
  kind: "ready" | "revised" | "amended" | "reminder" | "correction_declined";
}): ServiceEmail {
  const due = formatLongDateWithDay(input.reviewDueAt);
  const first =
    input.kind === "correction_declined"
      ? "The doctor has considered your correction and has not changed the report. Their reason is on the report page, where you can add your own statement to be attached to the report."
      : input.kind === "revised"
        ? "The doctor has revised your occupational health report after your comments. It is ready for you to review again."
        : input.kind === "amended"
          ? "The doctor has amended your released occupational health report, after a question about it. The amended version is ready for you to review; until you approve it, your employer keeps the version released before."
          : input.kind === "reminder"
            ? "This is a reminder: your occupational health report is waiting for your review."
            : "Your occupational health report is ready to review.";
  return serviceEmail(
    input.kind === "reminder"
      ? "Reminder: your report is waiting for your review"
      : "Your report is ready to review",
    [
      `Dear ${input.subjectName},`,
      first,
      "Nothing is sent to your employer until you have read it. You can approve it, ask for a factual correction, or withhold your consent to its release.",
      `Please review it by ${due}. Do not forward this link: it is personal to you.`,
      `Reference: ${input.reference}`,
    ],
    { label: "Review your report", url: input.link },
  );
}

export function informationRequestEmail(input: {
  subjectName: string;
  reference: string;
  link: string;
}): ServiceEmail {
  return serviceEmail(
    `A question from your occupational health doctor (${input.reference})`,
    [
      `Dear ${input.subjectName},`,
      "The doctor writing your occupational health report needs a little more information before finishing it.",
      "Open your personal link to read the question and answer it there. Your answer goes only to the doctor, never to your employer. Please do not reply to this e-mail: replies are not read.",
      `Reference: ${input.reference}`,
    ],
    { label: "Read and answer the question", url: input.link },
  );
}
