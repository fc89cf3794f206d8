import { subDays } from "date-fns";
import { and, eq, exists, inArray, isNotNull, lte, not, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { assessmentInvitation, referral, referralActivity } from "~/db/schema/index.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { invitationValidityDays, revokeInvitations } from "./invitations.server.ts";
import type { Referral } from "./place-referral.server.ts";
import { transition } from "./states.ts";

/** Days after the invitation at which an unopened link is followed up. */
const automaticReminderDays = [3, 7] as const;

/**
 * Claims the referrals due an automatic reminder: invited, link never opened, and past the next
 * reminder day. The conditional UPDATE makes a second worker's claim find nothing.
 */
export async function claimAutomaticReminders(db: Database, now = new Date()): Promise<Referral[]> {
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
    const rows = await db
      .update(referral)
      .set({ autoRemindersSent: index + 1, updatedAt: now })
      .where(
        and(
          eq(referral.status, "invited"),
          eq(referral.autoRemindersSent, index),
          lte(referral.invitedAt, subDays(now, days)),
          not(exists(opened)),
        ),
      )
      .returning();
    claimed.push(...rows);
  }
  return claimed;
}

/** Links lapse 14 days after the invitation; the employer may invite again (docs/architecture.md §4). */
export async function expireInvitations(db: Database, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: referral.id, organisationId: referral.organisationId, status: referral.status })
      .from(referral)
      .where(
        and(
          inArray(referral.status, ["invited", "in_progress"]),
          lte(referral.invitedAt, subDays(now, invitationValidityDays)),
        ),
      )
      .for("update");
    for (const r of due) {
      await tx
        .update(referral)
        .set({ status: transition(r.status, "invitation_expired", "system"), updatedAt: now })
        .where(eq(referral.id, r.id));
      await revokeInvitations(tx, r.id, now);
      await tx.insert(referralActivity).values({
        referralId: r.id,
        organisationId: r.organisationId,
        kind: "expired",
        createdAt: now,
      });
      await recordAuditEvent(tx, {
        action: "referral.expire",
        outcome: "success",
        object: { type: "referral", id: r.id },
      });
    }
    return due.length;
  });
}
