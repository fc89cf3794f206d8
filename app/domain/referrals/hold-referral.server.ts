import { DomainError } from "~/domain/kernel/errors.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { HOLD_REASON_MAX } from "./hold-input.ts";
import { type ReferralStatus, statusLabels } from "./lifecycle.ts";
import { lockCaseForHold } from "./lock-case-for-hold.server.ts";
import { applyReferralTransition } from "./referral-transition.server.ts";

function holdRefusal(status: ReferralStatus): string {
  if (status === "on_hold") return "This case is already on hold.";
  return `Only a case under way can be put on hold; this one is ${statusLabels[status].toLowerCase()}.`;
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
    const current = await lockCaseForHold(scope, tx, input.referralId);
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
