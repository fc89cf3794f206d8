import { referralManager } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireTeamPermission } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { currentMember, notAMember, visibleReferral } from "./referral-people-lookups.server.ts";

/**
 * Names a current member of the organisation as an additional manager on a referral the caller
 * sees. Naming someone already on it changes nothing and records nothing.
 */
export async function nameReferralManager(
  scope: Scope,
  input: { referralId: string; userId: string },
): Promise<{ added: boolean; reference: string }> {
  const employer = requireTeamPermission(
    scope,
    "referrals:assign",
    "Your role in this organisation does not allow sharing referrals.",
  );
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
      await recordAuditEventAs(
        scope,
        {
          action: "referral.manager_added",
          object: { type: "referral", id: found.id },
          details: { reference: found.reference, userId: person.userId },
        },
        tx,
      );
    return { added: inserted.length > 0, reference: found.reference };
  });
}
