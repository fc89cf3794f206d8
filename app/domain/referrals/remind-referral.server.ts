import { subHours } from "date-fns";
import { and, inArray, isNull, lte, or } from "drizzle-orm";
import { referral } from "~/db/schema/index.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { recordReferralStep } from "~/domain/referrals/referral-transition.server.ts";
import { employerReferralByKey } from "./get-referral.server.ts";
import type { Referral } from "./place-referral.server.ts";

const reminderIntervalHours = 24;

/**
 * Claims the right to send a reminder: at most one per 24 hours per referral, decided by one
 * conditional UPDATE so two clicks (or two managers) cannot both send. `referralKey` is the id or
 * the public reference; another organisation's referral is not found.
 */
export async function claimReferralReminder(scope: Scope, referralKey: string): Promise<Referral> {
  const { db, now } = requireEmployer(scope);
  const where = employerReferralByKey(scope, referralKey);
  const [claimed] = await db
    .update(referral)
    .set({ lastReminderAt: now, updatedAt: now })
    .where(
      and(
        where,
        inArray(referral.status, ["invited", "in_progress"]),
        or(
          isNull(referral.lastReminderAt),
          lte(referral.lastReminderAt, subHours(now, reminderIntervalHours)),
        ),
      ),
    )
    .returning();
  if (!claimed) {
    const [existing] = await db.select({ status: referral.status }).from(referral).where(where);
    if (!existing) throw new DomainError("not_found", "Referral not found.");
    if (existing.status !== "invited" && existing.status !== "in_progress") {
      throw new DomainError(
        "invalid_state",
        "A reminder can only be sent while the assessment is waiting for the employee.",
      );
    }
    throw new DomainError(
      "too_soon",
      "A reminder was sent in the last 24 hours. Please try again later.",
    );
  }
  await recordReferralStep(db, scope, {
    referral: claimed,
    activity: "reminded",
    audit: { action: "referral.remind" },
  });
  return claimed;
}
