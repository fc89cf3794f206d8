import { and, eq } from "drizzle-orm";
import { referral, referralManager } from "~/db/schema/index.ts";
import type { Tx } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import {
  auditReferralPeopleChange,
  requireReferralSharing,
  visibleReferral,
} from "./referral-people-lookups.server.ts";

/** Whether the caller still sees the referral after a change (a manager who took themselves off). */
async function stillVisible(tx: Tx, scope: Scope, referralId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: referral.id })
    .from(referral)
    .where(and(eq(referral.id, referralId), visibleReferrals(scope)));
  return row !== undefined;
}

/**
 * Takes a named manager off a referral. Anyone who may name may remove; the owner is not named
 * and is never removed this way (reassign the referral instead). `stillVisible` is false when the
 * caller took themselves off a referral they no longer see.
 */
export async function removeReferralManager(
  scope: Scope,
  input: { referralId: string; userId: string },
): Promise<{ removed: boolean; reference: string; stillVisible: boolean }> {
  requireReferralSharing(scope);
  return scope.db.transaction(async (tx) => {
    const found = await visibleReferral(tx, scope, input.referralId, true);
    if (input.userId === found.ownerId)
      throw new DomainError(
        "invalid_state",
        "The referral's owner cannot be removed from it. Reassign it to someone else instead.",
      );
    const removed = await tx
      .delete(referralManager)
      .where(
        and(eq(referralManager.referralId, found.id), eq(referralManager.userId, input.userId)),
      )
      .returning({ userId: referralManager.userId });
    if (removed.length > 0)
      await auditReferralPeopleChange(tx, scope, found, "referral.manager_removed", {
        userId: input.userId,
      });
    return {
      removed: removed.length > 0,
      reference: found.reference,
      stillVisible: await stillVisible(tx, scope, found.id),
    };
  });
}
