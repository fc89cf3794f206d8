import { desc, eq, inArray, sql } from "drizzle-orm";
import { organisationReferralCount, referral, referralActivity } from "~/db/schema/index.ts";
import { getCreditBalance } from "~/domain/billing/credit-ledger.server.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { activeStatuses } from "./states.ts";

/**
 * The dashboard's counters and Recent Activity, from the database (seed: Employer dashboard).
 * `credits` is the balance when the caller has already asked for it (the page's layout does).
 */
export async function getEmployerDashboard(
  scope: Scope,
  { credits }: { credits?: Promise<number> } = {},
) {
  const { db, actor, now } = requireEmployer(scope);
  // Both counters from the maintained per-status counts: a dozen rows at most, however long the
  // organisation's history (organisation_referral_count).
  const [[counters], availableCredits, activity] = await Promise.all([
    db
      .select({
        active:
          sql<number>`coalesce(sum(${organisationReferralCount.referrals}) filter (where ${inArray(organisationReferralCount.status, [...activeStatuses])}), 0)`.mapWith(
            Number,
          ),
        completed:
          sql<number>`coalesce(sum(${organisationReferralCount.referrals}) filter (where ${eq(organisationReferralCount.status, "complete")}), 0)`.mapWith(
            Number,
          ),
      })
      .from(organisationReferralCount)
      .where(eq(organisationReferralCount.organisationId, actor.organisationId)),
    credits ?? getCreditBalance(db, actor.organisationId, now),
    db
      .select({
        id: referralActivity.id,
        kind: referralActivity.kind,
        createdAt: referralActivity.createdAt,
        referralId: referral.id,
        reference: referral.reference,
        subjectName: referral.subjectName,
        type: referral.type,
      })
      .from(referralActivity)
      .innerJoin(referral, eq(referral.id, referralActivity.referralId))
      .where(eq(referralActivity.organisationId, actor.organisationId))
      .orderBy(desc(referralActivity.createdAt), desc(referralActivity.id))
      .limit(8),
  ]);
  return {
    activeAssessments: counters?.active ?? 0,
    completedReports: counters?.completed ?? 0,
    availableCredits,
    recentActivity: activity,
  };
}
