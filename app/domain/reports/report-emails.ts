import { formatLongDate, formatLongDateWithDay } from "~/lib/dates.ts";
import { emailText } from "~/lib/email-text.ts";

/*
 * The e-mails of the review and release. None carries health content: no answers, no report
 * text, no comment. They name the case by its references and point to a page that checks who
 * is asking.
 */

export interface ReportEmail {
  subject: string;
  text: string;
}

/** What an e-mail about a case names: the referral, and the page that checks who is asking. */
interface CaseLink {
  referralReference: string;
  link: string;
}

/** To the employer: greeted by the organisation's name, as every employer e-mail is. */
function toEmployer(organisationName: string, subject: string, paragraphs: string[]): ReportEmail {
  return { subject, text: emailText([`Hello ${organisationName},`, ...paragraphs]) };
}

/** To a person, the doctor or the one assessed: greeted by their own name. */
function toPerson(name: string, subject: string, paragraphs: string[]): ReportEmail {
  return { subject, text: emailText([`Dear ${name},`, ...paragraphs]) };
}

export function correctionRequestedEmail(
  input: CaseLink & { doctorName: string; reportReference: string },
): ReportEmail {
  return toPerson(input.doctorName, `Correction requested: ${input.referralReference}`, [
    `The person who was assessed has read report ${input.reportReference} (referral ${input.referralReference}) and asked for a factual correction.`,
    `Read their comment, revise the report and send the new version back to them in the doctor portal:\n${input.link}`,
    "Nothing has been released to the employer.",
  ]);
}

/** To the doctor: the person kept the released report and did not agree to the amendment. */
export function amendmentWithheldEmail(
  input: CaseLink & { doctorName: string; reportReference: string },
): ReportEmail {
  return toPerson(input.doctorName, `Amendment not released: ${input.referralReference}`, [
    `The person who was assessed did not agree to release the amended version of report ${input.reportReference} (referral ${input.referralReference}).`,
    "The version released before stays the one the employer has. Nothing new was sent to the employer.",
    `The case is in the doctor portal:\n${input.link}`,
  ]);
}

export function reportReleasedEmail(
  input: CaseLink & { organisationName: string; reportReference: string },
): ReportEmail {
  return toEmployer(
    input.organisationName,
    `Occupational health report ready: ${input.referralReference}`,
    [
      `The occupational health report for referral ${input.referralReference} has been approved for release by the person it is about.`,
      `Read and download report ${input.reportReference} after signing in:\n${input.link}`,
      "The report is confidential health information: share it only with the people who need it to support the employee.",
    ],
  );
}

/** The person's copy: no health content, a personal link that works for the download period. */
export function subjectReportReleasedEmail(input: {
  subjectName: string;
  reportReference: string;
  link: string;
  days: number;
}): ReportEmail {
  return toPerson(input.subjectName, "Your occupational health report has been released", [
    `You approved your occupational health report ${input.reportReference}, and it has been released to your employer.`,
    `You can download your own copy for ${input.days} days from your personal page:\n${input.link}`,
    "Do not forward this link: it is personal to you.",
  ]);
}

export function consentWithheldEmail(input: CaseLink & { organisationName: string }): ReportEmail {
  return toEmployer(
    input.organisationName,
    `Consent to release withheld: ${input.referralReference}`,
    [
      `The person assessed for referral ${input.referralReference} has withheld their consent to release the occupational health report. The report will not be shared with you, and we cannot tell you what it says.`,
      `You may want to talk with them about the support they need, or make a new referral later.\n${input.link}`,
    ],
  );
}

export function reviewReminderEmail(input: {
  subjectName: string;
  organisationName: string;
  link: string;
  dueAt: Date;
}): ReportEmail {
  return toPerson(input.subjectName, "Reminder: please read your occupational health report", [
    `Your occupational health report is waiting for you to read. ${input.organisationName} will not see it unless you agree.`,
    `Please read it and tell us what you decide by ${formatLongDate(input.dueAt)}:\n${input.link}`,
    "You can approve its release, ask the doctor to correct a factual error, or withhold your consent.",
    "The link is personal to you: please do not forward this e-mail.",
  ]);
}

/**
 * The reminder of a review a released report set (docs/architecture.md §4, "Reviews due"): the
 * case's reference, the kind of review in words that carry no health detail, and its date. Not the
 * person's name, nor what is reviewed: the case page, after signing in, says that.
 */
export function caseReviewReminderEmail(input: {
  organisationName: string;
  referralReference: string;
  kindLabel: string;
  dueOn: string;
  link: string;
  /** The management form pre-filled for a follow-up of the case (docs/architecture.md §4). */
  followUpLink: string;
}): ReportEmail {
  const due = formatLongDateWithDay(input.dueOn);
  return toEmployer(
    input.organisationName,
    `Review due ${formatLongDate(input.dueOn)}: ${input.referralReference}`,
    [
      `Referral ${input.referralReference} has a review coming up: ${input.kindLabel}, due on ${due}.`,
      `Sign in to open the case and read what the report advises:\n${input.link}`,
      `To refer them for a follow-up assessment:\n${input.followUpLink}`,
    ],
  );
}
