import { and, eq, isNull } from "drizzle-orm";
import { referral } from "~/db/schema/index.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { isClosed } from "./case-closure.ts";
import { employerReferralByKey, lockEmployerReferral } from "./get-referral.server.ts";
import { canAct } from "./lifecycle.ts";
import { recordReferralStep } from "./referral-transition.server.ts";

/**
 * "Closed: no further action" on a complete case (docs/architecture.md §4, "Re-inviting and
 * closing"). The case stays complete, its report readable and downloadable as before; the close
 * is the time and the member (`closed_at`, `closed_by`), which takes it out of what still asks
 * for the employer's attention. Allowed to whoever of the organisation may see it: owners and HR
 * administrators any case, a manager the ones they own or are named on (anything else is not
 * found). Audited, with a row in the employer's timeline; it cannot be closed twice.
 */
export async function closeReferral(
  scope: Scope,
  referralKey: string,
): Promise<{ id: string; reference: string }> {
  const { actor, now } = requireEmployer(scope);
  const where = employerReferralByKey(scope, referralKey);
  return scope.db.transaction(async (tx) => {
    const current = await lockEmployerReferral(tx, scope, referralKey);
    if (!canAct(current.status, "employer", "close"))
      throw new DomainError(
        "invalid_state",
        "Only a complete referral, with its report released to you, can be closed.",
      );
    if (isClosed(current))
      throw new DomainError("invalid_state", "This referral is already closed.");
    // Conditioned on what was read, like a transition: a concurrent close finds nothing to move.
    const closed = await tx
      .update(referral)
      .set({ closedAt: now, closedBy: actor.userId, updatedAt: now })
      .where(and(where, eq(referral.status, current.status), isNull(referral.closedAt)))
      .returning({ id: referral.id });
    if (closed.length === 0)
      throw new DomainError("conflict", "This case changed while you were working on it.");
    await recordReferralStep(tx, scope, {
      referral: current,
      activity: "closed",
      audit: { action: "referral.close", details: { outcome: "no_further_action" } },
    });
    return { id: current.id, reference: current.reference };
  });
}
