import { subDays } from "date-fns";
import { and, eq, exists, isNotNull, lte, not, sql } from "drizzle-orm";
import { assessmentInvitation, referral } from "~/db/schema/index.ts";
import type { Tx } from "~/domain/kernel/database.ts";
import { requireSystem } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import type { Referral } from "./place-referral.server.ts";

/** Days after the invitation at which an unopened link is followed up. */
const automaticReminderDays = [3, 7] as const;

/**
 * The follow-up job claims the referrals due an automatic reminder: invited, link never opened,
 * and past the next reminder day. The conditional UPDATE makes a second worker's claim find
 * nothing.
 */
export async function claimAutomaticReminders(
  scope: Scope,
  /**
   * Queues the reminder of a claimed referral, in the claim's own transaction: a crash between
   * the claim and the queueing can no longer count a reminder as sent that never went.
   */
  onClaimed: (tx: Tx, claimed: Referral) => Promise<void>,
): Promise<Referral[]> {
  const { db, now } = requireSystem(scope);
  const claimed: Referral[] = [];
  for (const [index, days] of automaticReminderDays.entries()) {
    const opened = db
      .select({ one: sql`1` })
      .from(assessmentInvitation)
      .where(
        and(
          eq(assessmentInvitation.referralId, referral.id),
          isNotNull(assessmentInvitation.lastOpenedAt),
        ),
      );
    const rows = await db.transaction(async (tx) => {
      const updated = await tx
        .update(referral)
        .set({ autoRemindersSent: index + 1, updatedAt: now })
        .where(
          and(
            visibleReferrals(scope),
            eq(referral.status, "invited"),
            eq(referral.autoRemindersSent, index),
            lte(referral.invitedAt, subDays(now, days)),
            not(exists(opened)),
          ),
        )
        .returning();
      for (const row of updated) await onClaimed(tx, row);
      return updated;
    });
    claimed.push(...rows);
  }
  return claimed;
}
