import { differenceInMilliseconds } from "date-fns";
import { and, eq, isNull, sql } from "drizzle-orm";
import { assessmentInvitation } from "~/db/schema/index.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import type { ReferralStatus } from "./lifecycle.ts";
import { lockCaseForHold } from "./lock-case-for-hold.server.ts";
import { applyReferralTransition } from "./referral-transition.server.ts";

/**
 * Lifts the hold: the case returns to exactly the state it was paused in, and its SLA due time
 * moves on by the time it spent on hold, so the doctor's turnaround is what it was when paused.
 */
export async function liftReferralHold(
  scope: Scope,
  input: { referralId: string },
): Promise<ReferralStatus> {
  const { now } = requireAdmin(scope);
  return scope.db.transaction(async (tx) => {
    const current = await lockCaseForHold(scope, tx, input.referralId);
    const paused = current.heldAt ? Math.max(0, differenceInMilliseconds(now, current.heldAt)) : 0;
    // The person's link does not lapse while they were told to wait: it gets the time back too.
    if (paused > 0)
      await tx
        .update(assessmentInvitation)
        .set({
          expiresAt: sql`${assessmentInvitation.expiresAt} + ${paused} * interval '1 millisecond'`,
        })
        .where(
          and(
            eq(assessmentInvitation.referralId, current.id),
            isNull(assessmentInvitation.revokedAt),
          ),
        );
    return applyReferralTransition(tx, scope, {
      referral: current,
      event: "hold_lifted",
      set: {
        heldAt: null,
        holdReason: null,
        slaDueAt: current.slaDueAt ? new Date(current.slaDueAt.getTime() + paused) : null,
      },
      activity: "hold_lifted",
      audit: {
        action: "referral.hold_lifted",
        details: { pausedMinutes: Math.round(paused / 60_000) },
      },
      refusal: () => "This case is not on hold.",
    });
  });
}
