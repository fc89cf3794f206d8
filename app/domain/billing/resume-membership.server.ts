import { and, eq, gt } from "drizzle-orm";
import { membership } from "~/db/schema/index.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireTeamPermission } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { billingRefusal } from "./billing-refusal.ts";
import type { Membership } from "./membership.server.ts";

/** Undoes a cancellation before the paid period ends: the membership renews again as before. */
export async function resumeMembership(scope: Scope): Promise<Membership> {
  const { db, actor, now } = requireTeamPermission(scope, "billing:manage", billingRefusal);
  const [updated] = await db
    .update(membership)
    .set({ status: "active", cancelledAt: null, updatedAt: now })
    .where(
      and(
        eq(membership.organisationId, actor.organisationId),
        eq(membership.status, "cancelled"),
        gt(membership.currentPeriodEnd, now),
      ),
    )
    .returning();
  if (!updated)
    throw new DomainError(
      "invalid_state",
      "There is no cancelled membership to resume: it has ended or was never cancelled.",
    );
  return updated;
}
