import { doctorSubject } from "~/domain/doctor/doctor-emails.ts";
import { type ServiceEmail, serviceEmail } from "~/lib/service-email.ts";

/*
 * The case conversation's notifications (docs/architecture.md §4, "The case conversation"). No
 * e-mail carries a message's text or a document's name: only the reference, and a link to read it
 * after signing in. A case with an urgent safety flag says "URGENT" first, on either side.
 */

/** To the doctor on the case: the employer wrote in the employer's thread. */
export function employerMessageEmail(input: {
  reference: string;
  organisationName: string;
  caseUrl: string;
  urgent: boolean;
}): ServiceEmail {
  return serviceEmail(
    doctorSubject(`New message from the employer on case ${input.reference}`, input.urgent),
    [
      `${input.organisationName} has written to you about case ${input.reference}. Sign in to read it on the case.`,
    ],
    { label: "Open the case", url: input.caseUrl },
  );
}

/** To the employer's people on the referral: the doctor wrote in the employer's thread. */
export function doctorMessageEmail(input: {
  reference: string;
  referralUrl: string;
  urgent: boolean;
}): ServiceEmail {
  return serviceEmail(
    doctorSubject(`The doctor has replied on referral ${input.reference}`, input.urgent),
    [
      `The occupational health doctor has written to you about referral ${input.reference}. Sign in to read the message.`,
    ],
    { label: "Read the message", url: input.referralUrl },
  );
}

/** To the other side of a case: a document is waiting on it. Never its name or its content. */
export function documentNoticeEmail(input: {
  reference: string;
  from: string;
  url: string;
  urgent: boolean;
}): ServiceEmail {
  return serviceEmail(
    doctorSubject(`New document on ${input.reference}`, input.urgent),
    [`${input.from} has sent a document on ${input.reference}. Sign in to read it.`],
    { label: "Open the documents", url: input.url },
  );
}

/** To the doctor on the case: the person wrote in their thread. */
export function personMessageEmail(input: {
  reference: string;
  caseUrl: string;
  urgent: boolean;
}): ServiceEmail {
  return serviceEmail(
    doctorSubject(`New message from the employee on case ${input.reference}`, input.urgent),
    [`The employee on case ${input.reference} has written to you. Sign in to read it on the case.`],
    { label: "Open the case", url: input.caseUrl },
  );
}
