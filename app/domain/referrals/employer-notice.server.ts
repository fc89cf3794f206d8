import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { member, organisation, referral, referralManager, user } from "~/db/schema/index.ts";
import type { Executor } from "~/domain/kernel/database.ts";
import { queueMail, sendQueuedMail } from "~/domain/kernel/mail-outbox.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import type { ReferralStatus } from "./lifecycle.ts";

/**
 * What a message to the employer about how a referral ended names: its reference and the
 * organisation, and who made it. Null unless the referral really stands at `status`, so a job
 * that runs late or twice tells nobody about an ending that did not happen.
 */
async function referralEndedAs(
  db: Executor,
  scope: Scope,
  referralId: string,
  status: ReferralStatus,
) {
  const [row] = await db
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
 * `queue` writes it to the mail outbox inside the transaction that ended the referral
 * (docs/architecture.md §8, "The mail outbox"), keyed by the ending, so it is written once however
 * often it is asked for; calling the notice itself queues and sends it at once (a job's retry).
 */
export function referralEndingNotice(status: ReferralStatus, email: EndingEmail) {
  const queue = async (tx: Executor, scope: Scope, referralId: string): Promise<string[]> => {
    const row = await referralEndedAs(tx, scope, referralId, status);
    if (!row) return [];
    const recipients = await referralRecipients(tx, row);
    const mail = email({
      organisationName: row.organisationName,
      referralReference: row.reference,
      link: employerReferralUrl(scope.adapters.publicUrl, row.reference),
    });
    return queueMail(
      tx,
      { now: scope.now, referralId, key: `referral-ended:${status}:${referralId}` },
      recipients.map((to) => ({ to, ...mail })),
    );
  };
  const notify = async (
    scope: Scope,
    { referralId }: { referralId: string },
  ): Promise<{ sent: number }> => {
    const queued = await scope.db.transaction((tx) => queue(tx, scope, referralId));
    return { sent: (await sendQueuedMail(scope, queued)).sent };
  };
  return Object.assign(notify, { queue });
}

/** The referral, opened on the employer's referrals page. */
export function employerReferralUrl(publicUrl: string, reference: string): string {
  return new URL(
    `/employer-referrals?viewReferral=${encodeURIComponent(reference)}`,
    publicUrl,
  ).toString();
}
