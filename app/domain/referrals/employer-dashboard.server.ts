import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { organisationReferralCount, referral, referralActivity } from "~/db/schema/index.ts";
import { getCreditBalance } from "~/domain/billing/credit-ledger.server.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { teamCan } from "~/domain/kernel/team-permissions.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { activeStatuses } from "./lifecycle.ts";

/**
 * The dashboard's counters and Recent Activity, from the database (seed: Employer dashboard).
 * `credits` is the balance when the caller has already asked for it (the page's layout does).
 */
export async function getEmployerDashboard(
  scope: Scope,
  { credits }: { credits?: Promise<number> } = {},
) {
  const { db, actor, now } = requireEmployer(scope);
  // Owners' and HR administrators' counters come from the maintained per-status counts: a dozen
  // rows at most, however long the organisation's history (organisation_referral_count). A
  // manager's are their own referrals', counted (docs/architecture.md §4).
  const seesAll = teamCan(actor.memberRole, "referrals:all");
  const [[counters], availableCredits, activity] = await Promise.all([
    seesAll ? organisationCounters() : ownCounters(),
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
      .where(
        and(
          eq(referralActivity.organisationId, actor.organisationId),
          seesAll ? undefined : visibleReferrals(scope),
        ),
      )
      .orderBy(desc(referralActivity.createdAt), desc(referralActivity.id))
      .limit(8),
  ]);
  return {
    activeAssessments: counters?.active ?? 0,
    completedReports: counters?.completed ?? 0,
    availableCredits,
    recentActivity: activity,
  };

  function organisationCounters() {
    return db
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
      .where(eq(organisationReferralCount.organisationId, actor.organisationId));
  }

  function ownCounters() {
    return db
      .select({
        active: count(sql`case when ${inArray(referral.status, [...activeStatuses])} then 1 end`),
        completed: count(sql`case when ${eq(referral.status, "complete")} then 1 end`),
      })
      .from(referral)
      .where(visibleReferrals(scope));
  }
}
