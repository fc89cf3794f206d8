import type { Scope } from "~/domain/kernel/scope.ts";
import type { Mailer } from "~/services/mail/mailer.server.ts";
import {
  employerReferralUrl,
  referralEndedAs,
  referralRecipients,
} from "./employer-notice.server.ts";
import { referralDeclinedEmail } from "./referral-declined-email.ts";

/**
 * Tells the employer a case could not go ahead: the referral's people (whoever made it and the
 * managers it names). Only for a referral that really ended so.
 */
export async function notifyReferralDeclined(
  scope: Scope,
  deps: { mailer: Mailer; publicUrl: string },
  { referralId }: { referralId: string },
): Promise<{ sent: number }> {
  const row = await referralEndedAs(scope, referralId, "declined");
  if (!row) return { sent: 0 };
  const recipients = await referralRecipients(scope.db, row);
  const mail = referralDeclinedEmail({
    organisationName: row.organisationName,
    referralReference: row.reference,
    link: employerReferralUrl(deps.publicUrl, row.reference),
  });
  for (const to of recipients) await deps.mailer.send({ to, ...mail });
  return { sent: recipients.length };
}
