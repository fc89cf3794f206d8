import { differenceInMilliseconds } from "date-fns";
import { and, eq, isNull, sql } from "drizzle-orm";
import { assessmentInvitation, referral } from "~/db/schema/index.ts";
import type { Tx } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { HOLD_REASON_MAX } from "./hold-input.ts";
import { type ReferralStatus, statusLabels } from "./lifecycle.ts";
import { applyReferralTransition } from "./referral-transition.server.ts";

function holdRefusal(status: ReferralStatus): string {
  if (status === "on_hold") return "This case is already on hold.";
  return `Only a case under way can be put on hold; this one is ${statusLabels[status].toLowerCase()}.`;
}

async function lockCase(scope: Scope, tx: Tx, referralId: string) {
  const [current] = await tx
    .select({
      id: referral.id,
      organisationId: referral.organisationId,
      status: referral.status,
      heldFromStatus: referral.heldFromStatus,
      heldAt: referral.heldAt,
      slaDueAt: referral.slaDueAt,
    })
    .from(referral)
    .where(and(eq(referral.id, referralId), visibleReferrals(scope)))
    .for("update");
  if (!current) throw new DomainError("not_found", "That case no longer exists.");
  return current;
}

/**
 * An administrator pauses a case under way (docs/architecture.md §4, "On hold"): the lifecycle
 * table records the state it was in, the SLA clock stops, reminders stop, nobody may move it.
 * The reason is for ReferOH's staff: sealed at rest, never in the audit details or the employer's
 * timeline, which say only that it was put on hold.
 */
export async function putReferralOnHold(
  scope: Scope,
  input: { referralId: string; reason: string },
): Promise<void> {
  const { now } = requireAdmin(scope);
  const reason = input.reason.trim();
  // The form's schema says the same; the domain does not trust that it ran.
  if (reason.length === 0 || reason.length > HOLD_REASON_MAX)
    throw new DomainError("invalid_input", "Enter a reason of up to 500 characters.");
  await scope.db.transaction(async (tx) => {
    const current = await lockCase(scope, tx, input.referralId);
    await applyReferralTransition(tx, scope, {
      referral: current,
      event: "hold_placed",
      set: { heldAt: now, holdReason: reason },
      activity: "put_on_hold",
      audit: { action: "referral.hold_placed" },
      refusal: holdRefusal,
    });
  });
}

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
    const current = await lockCase(scope, tx, input.referralId);
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
