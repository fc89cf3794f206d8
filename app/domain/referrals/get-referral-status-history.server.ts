import { and, asc, eq } from "drizzle-orm";
import { referral, referralActivity } from "~/db/schema/index.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { activityLabel } from "./activity-labels.ts";
import { employerReferralByKey } from "./get-referral.server.ts";

/**
 * A referral's timeline as the employer's Recent Activity tells it, oldest first: each step with
 * its words and, where the step moved the case, the status it entered. Nothing clinical: the
 * timeline holds kinds of step, never content. `referralKey` is the id or the public reference.
 */
export async function getReferralStatusHistory(scope: Scope, referralKey: string) {
  const where = employerReferralByKey(scope, referralKey);
  const rows = await scope.db
    .select({
      kind: referralActivity.kind,
      status: referralActivity.status,
      at: referralActivity.createdAt,
    })
    .from(referralActivity)
    .innerJoin(referral, eq(referral.id, referralActivity.referralId))
    .where(and(where, eq(referralActivity.organisationId, referral.organisationId)))
    .orderBy(asc(referralActivity.createdAt), asc(referralActivity.id));
  return rows.map((row) => ({ ...row, label: activityLabel(row.kind) }));
}
