import { eq } from "drizzle-orm";
import { membership } from "~/db/schema/index.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireTeamPermission } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { billingRefusal } from "./billing-refusal.ts";
import type { MembershipInterval } from "./catalogue.ts";
import { getMembership, isMembershipInForce, type Membership } from "./membership.server.ts";

/**
 * Switching takes effect at the end of the paid period (docs/architecture.md §6): until then the status is
 * pending_change. Choosing the current interval again withdraws a pending change.
 */
export async function changeMembershipInterval(
  scope: Scope,
  interval: MembershipInterval,
): Promise<Membership> {
  const { db, actor, now } = requireTeamPermission(scope, "billing:manage", billingRefusal);
  return db.transaction(async (tx) => {
    const current = await getMembership(tx, actor.organisationId);
    if (!current || !isMembershipInForce(current, now)) {
      throw new DomainError("invalid_state", "You do not have a membership to change.");
    }
    if (current.status === "cancelled") {
      throw new DomainError(
        "invalid_state",
        "This membership is cancelled; it cannot change interval.",
      );
    }
    const withdraw = interval === current.interval;
    const [updated] = await tx
      .update(membership)
      .set({
        status: withdraw ? "active" : "pending_change",
        pendingInterval: withdraw ? null : interval,
        updatedAt: now,
      })
      .where(eq(membership.organisationId, actor.organisationId))
      .returning();
    return updated!;
  });
}
