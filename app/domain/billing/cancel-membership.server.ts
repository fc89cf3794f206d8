import { eq } from "drizzle-orm";
import { membership } from "~/db/schema/index.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireTeamPermission } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { billingRefusal } from "./billing-refusal.ts";
import { getMembership, isMembershipInForce, type Membership } from "./membership.server.ts";

/** Cancelling keeps access to the end of the paid period; nothing renews after it. */
export async function cancelMembership(scope: Scope): Promise<Membership> {
  const { db, actor, now } = requireTeamPermission(scope, "billing:manage", billingRefusal);
  const current = await getMembership(db, actor.organisationId);
  if (!current || current.status === "cancelled" || !isMembershipInForce(current, now)) {
    throw new DomainError("invalid_state", "There is no active membership to cancel.");
  }
  const [updated] = await db
    .update(membership)
    .set({ status: "cancelled", pendingInterval: null, cancelledAt: now, updatedAt: now })
    .where(eq(membership.organisationId, actor.organisationId))
    .returning();
  return updated!;
}
