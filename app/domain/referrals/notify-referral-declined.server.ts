import { and, eq } from "drizzle-orm";
import { member, organisation, referral, user } from "~/db/schema/index.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import type { Mailer } from "~/services/mail/mailer.server.ts";
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
  const [row] = await scope.db
    .select({
      reference: referral.reference,
      status: referral.status,
      organisationId: referral.organisationId,
      createdBy: referral.createdBy,
      organisationName: organisation.name,
    })
    .from(referral)
    .innerJoin(organisation, eq(organisation.id, referral.organisationId))
    .where(and(eq(referral.id, referralId), visibleReferrals(scope)));
  if (row?.status !== "declined" || !row) return { sent: 0 };
  const owners = await scope.db
    .select({ email: user.email })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organisationId, row.organisationId), eq(member.role, "owner")));
  const [creator] = await scope.db
    .select({ email: user.email })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organisationId, row.organisationId), eq(member.userId, row.createdBy)));
  const recipients = [
    ...new Set([creator?.email, ...owners.map((o) => o.email)].filter(Boolean) as string[]),
  ];
  const mail = referralDeclinedEmail({
    organisationName: row.organisationName,
    referralReference: row.reference,
    link: new URL(
      `/employer-referrals?viewReferral=${encodeURIComponent(row.reference)}`,
      deps.publicUrl,
    ).toString(),
  });
  for (const to of recipients) await deps.mailer.send({ to, ...mail });
  return { sent: recipients.length };
}
