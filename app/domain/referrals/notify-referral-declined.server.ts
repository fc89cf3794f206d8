import { and, eq } from "drizzle-orm";
import { member, user } from "~/db/schema/index.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import type { Mailer } from "~/services/mail/mailer.server.ts";
import {
  employerReferralUrl,
  referralCreatorEmail,
  referralEndedAs,
} from "./employer-notice.server.ts";
import { referralDeclinedEmail } from "./referral-declined-email.ts";

/**
 * Tells the employer a case could not go ahead: whoever made the referral, and the
 * organisation's owners (who hold its billing). Only for a referral that really ended so.
 */
export async function notifyReferralDeclined(
  scope: Scope,
  deps: { mailer: Mailer; publicUrl: string },
  { referralId }: { referralId: string },
): Promise<{ sent: number }> {
  const row = await referralEndedAs(scope, referralId, "declined");
  if (!row) return { sent: 0 };
  const owners = await scope.db
    .select({ email: user.email })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organisationId, row.organisationId), eq(member.role, "owner")));
  const creator = await referralCreatorEmail(scope.db, row);
  const recipients = [
    ...new Set([creator, ...owners.map((o) => o.email)].filter(Boolean) as string[]),
  ];
  const mail = referralDeclinedEmail({
    organisationName: row.organisationName,
    referralReference: row.reference,
    link: employerReferralUrl(deps.publicUrl, row.reference),
  });
  for (const to of recipients) await deps.mailer.send({ to, ...mail });
  return { sent: recipients.length };
}
