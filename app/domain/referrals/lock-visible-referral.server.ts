import { and, eq } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import { referral } from "~/db/schema/index.ts";
import type { Tx } from "~/domain/kernel/database.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";

/**
 * One referral the scope may see (`visibleReferrals`, docs/architecture.md §3b), locked for the
 * rest of the transaction: a change racing this one waits, then reads what this one wrote.
 * Undefined when it does not exist or is not the scope's to see.
 */
export async function lockVisibleReferral<Columns extends SelectedFields>(
  tx: Tx,
  scope: Scope,
  referralId: string,
  columns: Columns,
) {
  const [row] = await tx
    .select({ id: referral.id, ...columns })
    .from(referral)
    .where(and(eq(referral.id, referralId), visibleReferrals(scope)))
    .for("update");
  return row;
}
