import { referralManager } from "~/db/schema/index.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import {
  auditReferralPeopleChange,
  currentMember,
  notAMember,
  requireReferralSharing,
  visibleReferral,
} from "./referral-people-lookups.server.ts";

/**
 * Names a current member of the organisation as an additional manager on a referral the caller
 * sees. Naming someone already on it changes nothing and records nothing.
 */
export async function nameReferralManager(
  scope: Scope,
  input: { referralId: string; userId: string },
): Promise<{ added: boolean; reference: string }> {
  const employer = requireReferralSharing(scope);
  return scope.db.transaction(async (tx) => {
    const found = await visibleReferral(tx, scope, input.referralId, true);
    const person = await currentMember(tx, employer, input.userId);
    if (!person) throw new DomainError("invalid_input", notAMember);
    if (person.userId === found.ownerId)
      throw new DomainError("invalid_state", `${person.name} already owns this referral.`);
    const inserted = await tx
      .insert(referralManager)
      .values({
        referralId: found.id,
        userId: person.userId,
        organisationId: found.organisationId,
        addedBy: employer.actor.userId,
      })
      .onConflictDoNothing()
      .returning({ userId: referralManager.userId });
    if (inserted.length > 0)
      await auditReferralPeopleChange(tx, scope, found, "referral.manager_added", {
        userId: person.userId,
      });
    return { added: inserted.length > 0, reference: found.reference };
  });
}
