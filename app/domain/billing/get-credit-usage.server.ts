import { and, eq, gt, sum } from "drizzle-orm";
import { creditLot } from "~/db/schema/index.ts";
import { requireTeamPermission } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { billingRefusal } from "./billing-refusal.ts";

/**
 * The employer's credits spent and granted over the lots that are still valid: the subscription
 * page's usage bar.
 */
export async function getCreditUsage(scope: Scope) {
  const { db, actor, now } = requireTeamPermission(scope, "billing:manage", billingRefusal);
  const [row] = await db
    .select({
      granted: sum(creditLot.creditsGranted).mapWith(Number),
      remaining: sum(creditLot.creditsRemaining).mapWith(Number),
    })
    .from(creditLot)
    .where(and(eq(creditLot.organisationId, actor.organisationId), gt(creditLot.expiresAt, now)));
  const granted = row?.granted ?? 0;
  const remaining = row?.remaining ?? 0;
  return { total: granted, remaining, used: granted - remaining };
}
