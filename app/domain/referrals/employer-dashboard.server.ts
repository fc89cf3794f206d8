import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { referral, referralActivity } from "~/db/schema/index.ts";
import { getCreditBalance } from "~/domain/billing/credit-ledger.server.ts";
import type { EmployerActor } from "./actor.ts";
import { activeStatuses } from "./states.ts";

/** The dashboard's counters and Recent Activity, from the database (seed: Employer dashboard). */
export async function getEmployerDashboard(
  db: Database,
  { actor, now = new Date() }: { actor: EmployerActor; now?: Date },
) {
  const [[active], [completed], credits, activity] = await Promise.all([
    db
      .select({ n: count() })
      .from(referral)
      .where(
        and(
          eq(referral.organisationId, actor.organisationId),
          inArray(referral.status, [...activeStatuses]),
        ),
      ),
    db
      .select({ n: count() })
      .from(referral)
      .where(
        and(eq(referral.organisationId, actor.organisationId), eq(referral.status, "complete")),
      ),
    getCreditBalance(db, actor.organisationId, now),
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
    activeAssessments: active?.n ?? 0,
    completedReports: completed?.n ?? 0,
    availableCredits: credits,
    recentActivity: activity,
  };
}
