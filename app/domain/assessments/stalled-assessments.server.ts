import { subDays, subMinutes } from "date-fns";
import { and, eq, gt, isNull, lt, notExists } from "drizzle-orm";
import { draftReport, questionnaireResponse, referral } from "~/db/schema/index.ts";
import { requireSystem } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";

/** Older than this and still without its job's result, the job is taken as lost. */
const draftGrace = 10;
const alertGrace = 2;
/** Past this, a completed response without a draft is a case for the administrators, not a retry. */
const lookBackDays = 14;

/**
 * Submitted assessments whose draft never appeared, and urgent flags whose on-call alert never
 * went. Both jobs are queued after their transaction commits, so a crash or a database error
 * in between would lose them: without a draft the case never reaches the doctors' queue, and a
 * lost alert leaves a crisis flag unread. The follow-up job queues them again; both jobs do
 * their work once however often they run.
 */
export async function findStalledAssessments(
  scope: Scope,
): Promise<{ undraftedResponseIds: string[]; unalertedReferralIds: string[] }> {
  const { db, now } = requireSystem(scope);
  const [undrafted, unalerted] = await Promise.all([
    db
      .select({ id: questionnaireResponse.id })
      .from(questionnaireResponse)
      .where(
        and(
          eq(questionnaireResponse.status, "completed"),
          lt(questionnaireResponse.completedAt, subMinutes(now, draftGrace)),
          gt(questionnaireResponse.completedAt, subDays(now, lookBackDays)),
          notExists(
            db
              .select({ id: draftReport.id })
              .from(draftReport)
              .where(eq(draftReport.responseId, questionnaireResponse.id)),
          ),
        ),
      ),
    db
      .select({ referralId: questionnaireResponse.referralId })
      .from(questionnaireResponse)
      // The alert job e-mails only while the case is flagged urgent (sendSafetyAlert).
      .innerJoin(referral, eq(referral.id, questionnaireResponse.referralId))
      .where(
        and(
          visibleReferrals(scope),
          eq(referral.urgent, true),
          eq(questionnaireResponse.safetyLevel, "urgent"),
          isNull(questionnaireResponse.safetyAlertedAt),
          lt(questionnaireResponse.updatedAt, subMinutes(now, alertGrace)),
        ),
      ),
  ]);
  return {
    undraftedResponseIds: undrafted.map((r) => r.id),
    unalertedReferralIds: unalerted.map((r) => r.referralId),
  };
}
