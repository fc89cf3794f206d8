import { and, eq } from "drizzle-orm";
import { member, referral, user } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import type { Executor, Tx } from "~/domain/kernel/database.ts";
import { requireTeamPermission } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleMembers } from "~/domain/kernel/visibility.server.ts";
import { employerReferral } from "./get-referral.server.ts";

/*
 * What changing a referral's people shares: the referral and the member, each read only as the
 * caller may see them, and the audit event of the change.
 */

export const notAMember =
  "Only a current member of your organisation's team can be given a referral. Invite them from the Team page first.";

/** The referral, as the caller may see it; `lock` holds it for the change being made. */
export function visibleReferral(db: Executor, scope: Scope, referralKey: string, lock: boolean) {
  return employerReferral(
    db,
    scope,
    referralKey,
    {
      id: referral.id,
      reference: referral.reference,
      organisationId: referral.organisationId,
      ownerId: referral.ownerId,
      createdBy: referral.createdBy,
    },
    { lock },
  );
}

/** Naming and removing a referral's additional managers need the same permission. */
export function requireReferralSharing(scope: Scope) {
  return requireTeamPermission(
    scope,
    "referrals:assign",
    "Your role in this organisation does not allow sharing referrals.",
  );
}

/**
 * The audit event of a change to who is on a referral, in the change's transaction: on the
 * referral, with its reference and the people concerned (ids, never names).
 */
export async function auditReferralPeopleChange(
  tx: Tx,
  scope: Scope,
  found: { id: string; reference: string },
  action: string,
  people: Record<string, string>,
) {
  await recordAuditEventAs(
    scope,
    {
      action,
      object: { type: "referral", id: found.id },
      details: { reference: found.reference, ...people },
    },
    tx,
  );
}

/** A current member of the caller's organisation, or null: never another organisation's person. */
export async function currentMember(db: Executor, scope: Scope, userId: string) {
  const [row] = await db
    .select({ userId: member.userId, name: user.name, email: user.email, role: member.role })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(visibleMembers(scope), eq(member.userId, userId)));
  return row ?? null;
}
