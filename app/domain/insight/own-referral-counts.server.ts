import { and, between, eq, sql } from "drizzle-orm";
import {
  insightCountedReport,
  referral,
  referralManager,
  report,
  reportVersion,
} from "~/db/schema/index.ts";
import type { EmployerActor } from "~/domain/kernel/actor.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals, visibleReports } from "~/domain/kernel/visibility.server.ts";
import { releasedOutcome } from "./released-outcome.ts";

/** One count as the insight page reads it: by month for the measures charted by month, else ''. */
interface InsightCountRow {
  month: string;
  measure: string;
  key: string;
  value: number;
}

/**
 * A manager's figures (docs/architecture.md, "Management information"): the referrals they see on
 * their referrals list, those they own and those that name them, through the same
 * `visibleReferrals` and `visibleReports`. `insight_count` is kept by owner, and which referrals
 * name a manager changes without the outcome's sealed body at hand, so these are counted from the
 * manager's own cases: the referrals' contributions by the same SQL function the counts' triggers
 * use, and the released reports' categories from the version the counts hold (its month of first
 * release and version from `insight_counted_report`). The rows read are the manager's cases over
 * the period, found through the owner and named-manager indexes, never the organisation's history.
 */
export async function ownReferralCounts(
  scope: Scope<EmployerActor>,
  first: string,
  last: string,
): Promise<InsightCountRow[]> {
  const { db, actor } = scope;
  // The manager's referrals by index (owned, or named on); the list's own visibility is ANDed too.
  const theirIds = sql`select r.id from referral r
    where r.organisation_id = ${actor.organisationId} and r.owner_id = ${actor.userId}
    union
    select m.referral_id from ${referralManager} m
    where m.user_id = ${actor.userId} and m.organisation_id = ${actor.organisationId}`;
  const [contributions, released] = await Promise.all([
    db.execute(sql`
      select case when x.measure = 'referred' then x.month::text else '' end as "month",
        x.measure as "measure", x.key as "key", sum(x.value)::int as "value"
      from ${referral} cross join lateral insight_referral_contribution(${referral}) x
      where ${referral.id} in (${theirIds}) and ${visibleReferrals(scope)}
        and ${referral.createdAt} < (${last}::date + interval '1 month')
        and x.month between ${first}::date and ${last}::date
      group by 1, 2, 3`) as unknown as Promise<{ rows: InsightCountRow[] }>,
    db
      .select({ body: reportVersion.body })
      .from(insightCountedReport)
      .innerJoin(report, eq(report.id, insightCountedReport.reportId))
      .innerJoin(
        reportVersion,
        and(
          eq(reportVersion.reportId, report.id),
          eq(reportVersion.version, insightCountedReport.version),
        ),
      )
      .where(
        and(
          sql`${report.referralId} in (${theirIds})`,
          visibleReports(scope),
          between(insightCountedReport.month, first, last),
        ),
      ),
  ]);
  const rows = contributions.rows.map((r) => ({ ...r, value: Number(r.value) }));
  const outcomes = new Map<string, InsightCountRow>();
  const add = (measure: string, key: string) => {
    const id = `${measure}:${key}`;
    const row = outcomes.get(id) ?? { month: "", measure, key, value: 0 };
    row.value += 1;
    outcomes.set(id, row);
  };
  // Only the categories leave the body.
  for (const { body } of released) {
    const { outcome, adjustments, equalityAct } = releasedOutcome(body);
    add("outcome", outcome);
    for (const kind of adjustments) add("adjustment", kind);
    add("equality_act", equalityAct);
  }
  return [...rows, ...outcomes.values()];
}
