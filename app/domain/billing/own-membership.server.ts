import { requireTeamPermission } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { billingRefusal } from "./billing-refusal.ts";
import { getMembership, type Membership } from "./membership.server.ts";

/** The signed-in employer's organisation's membership, or null. */
export async function ownMembership(scope: Scope): Promise<Membership | null> {
  const { db, actor } = requireTeamPermission(scope, "billing:manage", billingRefusal);
  return getMembership(db, actor.organisationId);
}
