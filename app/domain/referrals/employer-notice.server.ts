import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { member, organisation, referral, referralManager, user } from "~/db/schema/index.ts";
import type { Executor } from "~/domain/kernel/database.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import type { Mailer } from "~/services/mail/mailer.server.ts";
import type { ReferralStatus } from "./states.ts";

/**
 * What a message to the employer about how a referral ended names: its reference and the
 * organisation, and who made it. Null unless the referral really stands at `status`, so a job
 * that runs late or twice tells nobody about an ending that did not happen.
 */
async function referralEndedAs(scope: Scope, referralId: string, status: ReferralStatus) {
  const [row] = await scope.db
    .select({
      id: referral.id,
      reference: referral.reference,
      status: referral.status,
      organisationId: referral.organisationId,
      ownerId: referral.ownerId,
      organisationName: organisation.name,
    })
    .from(referral)
    .innerJoin(organisation, eq(organisation.id, referral.organisationId))
    .where(and(eq(referral.id, referralId), visibleReferrals(scope)));
  return row?.status === status ? row : null;
}

/**
 * Who hears about a referral (docs/architecture.md §4): the member it belongs to and the managers it names,
 * while they are still members of its organisation. If none of them is, its owners and HR
 * administrators, so that no outcome goes unheard.
 */
export async function referralRecipients(
  db: Executor,
  made: { id: string; organisationId: string; ownerId: string },
): Promise<string[]> {
  const named = await memberEmails(
    db,
    made.organisationId,
    or(
      eq(member.userId, made.ownerId),
      sql`exists (select 1 from ${referralManager} where ${referralManager.referralId} = ${made.id} and ${referralManager.userId} = ${member.userId})`,
    ),
  );
  return named.length > 0
    ? named
    : memberEmails(db, made.organisationId, inArray(member.role, ["owner", "hr_admin"]));
}

async function memberEmails(db: Executor, organisationId: string, which: SQL | undefined) {
  const rows = await db
    .select({ email: user.email })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organisationId, organisationId), which));
  return [...new Set(rows.map((r) => r.email))];
}

type EndingEmail = (input: {
  organisationName: string;
  referralReference: string;
  link: string;
}) => {
  subject: string;
  text: string;
};

/**
 * The notice that tells a referral's people how it ended (declined, expired unpaid), with a link
 * to it on the referrals page; it writes nothing unless the referral really stands at `status`.
 */
export function referralEndingNotice(status: ReferralStatus, email: EndingEmail) {
  return (
    scope: Scope,
    deps: { mailer: Mailer; publicUrl: string },
    { referralId }: { referralId: string },
  ) => notifyReferralEnding(scope, deps, referralId, status, email);
}

async function notifyReferralEnding(
  scope: Scope,
  deps: { mailer: Mailer; publicUrl: string },
  referralId: string,
  status: ReferralStatus,
  email: EndingEmail,
): Promise<{ sent: number }> {
  const row = await referralEndedAs(scope, referralId, status);
  if (!row) return { sent: 0 };
  const recipients = await referralRecipients(scope.db, row);
  const mail = email({
    organisationName: row.organisationName,
    referralReference: row.reference,
    link: employerReferralUrl(deps.publicUrl, row.reference),
  });
  for (const to of recipients) await deps.mailer.send({ to, ...mail });
  return { sent: recipients.length };
}

/** The referral, opened on the employer's referrals page. */
function employerReferralUrl(publicUrl: string, reference: string): string {
  return new URL(
    `/employer-referrals?viewReferral=${encodeURIComponent(reference)}`,
    publicUrl,
  ).toString();
}
