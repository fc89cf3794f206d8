import { emailText } from "~/lib/email-text.ts";
/**
 * The employer's e-mail when the person does not take part. It names the case by its reference
 * and says only that it could not go ahead: not why, not when they stopped, nothing they said.
 */
export function referralDeclinedEmail(input: {
  organisationName: string;
  referralReference: string;
  link: string;
}): { subject: string; text: string } {
  return {
    subject: `Referral ${input.referralReference} could not go ahead`,
    text: emailText([
      `Hello ${input.organisationName},`,
      `The occupational health assessment for referral ${input.referralReference} could not go ahead.`,
      `You are not charged for it: any credits or payment used for it have been returned. Sign in to see the details and what you can do next:\n${input.link}`,
    ]),
  };
}
