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

export function correctionRequestedEmail(input: {
  doctorName: string;
  reportReference: string;
  referralReference: string;
  link: string;
}): ReportEmail {
  return {
    subject: `Correction requested: ${input.referralReference}`,
    text: emailText([
      `Dear ${input.doctorName},`,
      `The person who was assessed has read report ${input.reportReference} (referral ${input.referralReference}) and asked for a factual correction.`,
      `Read their comment, revise the report and send the new version back to them in the doctor portal:\n${input.link}`,
      "Nothing has been released to the employer.",
    ]),
  };
}

/** To the doctor: the person kept the released report and did not agree to the amendment. */
export function amendmentWithheldEmail(input: {
  doctorName: string;
  reportReference: string;
  referralReference: string;
  link: string;
}): ReportEmail {
  return {
    subject: `Amendment not released: ${input.referralReference}`,
    text: emailText([
      `Dear ${input.doctorName},`,
      `The person who was assessed did not agree to release the amended version of report ${input.reportReference} (referral ${input.referralReference}).`,
      "The version released before stays the one the employer has. Nothing new was sent to the employer.",
      `The case is in the doctor portal:\n${input.link}`,
    ]),
  };
}

export function reportReleasedEmail(input: {
  organisationName: string;
  reportReference: string;
  referralReference: string;
  link: string;
}): ReportEmail {
  return {
    subject: `Occupational health report ready: ${input.referralReference}`,
    text: emailText([
      `Hello ${input.organisationName},`,
      `The occupational health report for referral ${input.referralReference} has been approved for release by the person it is about.`,
      `Read and download report ${input.reportReference} after signing in:\n${input.link}`,
      "The report is confidential health information: share it only with the people who need it to support the employee.",
    ]),
  };
}

/** The person's copy: no health content, a personal link that works for the download period. */
export function subjectReportReleasedEmail(input: {
  subjectName: string;
  reportReference: string;
  link: string;
  days: number;
}): ReportEmail {
  return {
    subject: "Your occupational health report has been released",
    text: emailText([
      `Dear ${input.subjectName},`,
      `You approved your occupational health report ${input.reportReference}, and it has been released to your employer.`,
      `You can download your own copy for ${input.days} days from your personal page:\n${input.link}`,
      "Do not forward this link: it is personal to you.",
    ]),
  };
}

export function consentWithheldEmail(input: {
  organisationName: string;
  referralReference: string;
  link: string;
}): ReportEmail {
  return {
    subject: `Consent to release withheld: ${input.referralReference}`,
    text: emailText([
      `Hello ${input.organisationName},`,
      `The person assessed for referral ${input.referralReference} has withheld their consent to release the occupational health report. The report will not be shared with you, and we cannot tell you what it says.`,
      `You may want to talk with them about the support they need, or make a new referral later.\n${input.link}`,
    ]),
  };
}

export function reviewReminderEmail(input: {
  subjectName: string;
  organisationName: string;
  link: string;
  dueAt: Date;
}): ReportEmail {
  return {
    subject: "Reminder: please read your occupational health report",
    text: emailText([
      `Dear ${input.subjectName},`,
      `Your occupational health report is waiting for you to read. ${input.organisationName} will not see it unless you agree.`,
      `Please read it and tell us what you decide by ${formatLongDate(input.dueAt)}:\n${input.link}`,
      "You can approve its release, ask the doctor to correct a factual error, or withhold your consent.",
      "The link is personal to you: please do not forward this e-mail.",
    ]),
  };
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
  return {
    subject: `Review due ${formatLongDate(input.dueOn)}: ${input.referralReference}`,
    text: emailText([
      `Hello ${input.organisationName},`,
      `Referral ${input.referralReference} has a review coming up: ${input.kindLabel}, due on ${due}.`,
      `Sign in to open the case and read what the report advises:\n${input.link}`,
      `To refer them for a follow-up assessment:\n${input.followUpLink}`,
    ]),
  };
}
