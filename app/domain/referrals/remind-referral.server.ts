import { subHours } from "date-fns";
import { and, eq, inArray, isNull, lte, or } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { referral, referralActivity } from "~/db/schema/index.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { type EmployerActor, ReferralError, type RequestOrigin } from "./actor.ts";
import type { Referral } from "./place-referral.server.ts";

export const reminderIntervalHours = 24;

/**
 * Claims the right to send a reminder: at most one per 24 hours per referral, decided by one
 * conditional UPDATE so two clicks (or two managers) cannot both send.
 */
export async function claimReferralReminder(
  db: Database,
  {
    actor,
    referralId,
    origin,
    now = new Date(),
  }: { actor: EmployerActor; referralId: string; origin?: RequestOrigin; now?: Date },
): Promise<Referral> {
  const [claimed] = await db
    .update(referral)
    .set({ lastReminderAt: now, updatedAt: now })
    .where(
      and(
        eq(referral.id, referralId),
        eq(referral.organisationId, actor.organisationId),
        inArray(referral.status, ["invited", "in_progress"]),
        or(
          isNull(referral.lastReminderAt),
          lte(referral.lastReminderAt, subHours(now, reminderIntervalHours)),
        ),
      ),
    )
    .returning();
  if (!claimed) {
    const [existing] = await db
      .select({ status: referral.status, lastReminderAt: referral.lastReminderAt })
      .from(referral)
      .where(and(eq(referral.id, referralId), eq(referral.organisationId, actor.organisationId)));
    if (!existing) throw new ReferralError("not_found", "Referral not found.");
    if (existing.status !== "invited" && existing.status !== "in_progress") {
      throw new ReferralError(
        "invalid_state",
        "A reminder can only be sent while the assessment is waiting for the employee.",
      );
    }
    throw new ReferralError(
      "too_soon",
      "A reminder was sent in the last 24 hours. Please try again later.",
    );
  }
  await db.insert(referralActivity).values({
    referralId,
    organisationId: actor.organisationId,
    kind: "reminded",
    actorId: actor.userId,
    createdAt: now,
  });
  await recordAuditEvent(db, {
    action: "referral.remind",
    outcome: "success",
    actor: { id: actor.userId, role: "employer", organisationId: actor.organisationId },
    object: { type: "referral", id: referralId },
    request: origin,
  });
  return claimed;
}
