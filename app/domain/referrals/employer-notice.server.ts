import { and, eq } from "drizzle-orm";
import { member, organisation, referral, user } from "~/db/schema/index.ts";
import type { Executor } from "~/domain/kernel/database.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import type { ReferralStatus } from "./states.ts";

/**
 * What a message to the employer about how a referral ended names: its reference and the
 * organisation, and who made it. Null unless the referral really stands at `status`, so a job
 * that runs late or twice tells nobody about an ending that did not happen.
 */
export async function referralEndedAs(scope: Scope, referralId: string, status: ReferralStatus) {
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
  return row?.status === status ? row : null;
}

/** The e-mail of whoever made the referral, while they are still a member of its organisation. */
export async function referralCreatorEmail(
  db: Executor,
  made: { organisationId: string; createdBy: string },
): Promise<string | undefined> {
  const [creator] = await db
    .select({ email: user.email })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organisationId, made.organisationId), eq(member.userId, made.createdBy)));
  return creator?.email;
}

/** The referral, opened on the employer's referrals page. */
export function employerReferralUrl(publicUrl: string, reference: string): string {
  return new URL(
    `/employer-referrals?viewReferral=${encodeURIComponent(reference)}`,
    publicUrl,
  ).toString();
}
