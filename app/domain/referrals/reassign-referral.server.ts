import { and, eq } from "drizzle-orm";
import { referral, referralManager } from "~/db/schema/index.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireTeamPermission } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import {
  auditReferralPeopleChange,
  currentMember,
  notAMember,
  visibleReferral,
} from "./referral-people-lookups.server.ts";

/**
 * Gives a referral to another current member (owners and HR administrators). Its maker stays as
 * it was; the previous owner, if a manager, sees it from now on only if named on it. The new
 * owner's named-manager row, if any, goes: they are on it as its owner.
 */
export async function reassignReferral(
  scope: Scope,
  input: { referralId: string; toUserId: string },
): Promise<{ changed: boolean; reference: string }> {
  const employer = requireTeamPermission(
    scope,
    "referrals:reassign",
    "Only an owner or an HR administrator can reassign a referral.",
  );
  return scope.db.transaction(async (tx) => {
    const found = await visibleReferral(tx, scope, input.referralId, true);
    const to = await currentMember(tx, employer, input.toUserId);
    if (!to) throw new DomainError("invalid_input", notAMember);
    if (to.userId === found.ownerId) return { changed: false, reference: found.reference };
    await tx.update(referral).set({ ownerId: to.userId }).where(eq(referral.id, found.id));
    await tx
      .delete(referralManager)
      .where(and(eq(referralManager.referralId, found.id), eq(referralManager.userId, to.userId)));
    await auditReferralPeopleChange(tx, scope, found, "referral.reassigned", {
      fromUserId: found.ownerId,
      toUserId: to.userId,
    });
    return { changed: true, reference: found.reference };
  });
}
