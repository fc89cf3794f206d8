import { and, asc, eq, inArray } from "drizzle-orm";
import type { MemberRole } from "~/db/schema/auth.ts";
import { member, referral, referralManager, user } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import type { EmployerActor } from "~/domain/kernel/actor.ts";
import type { Tx } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireEmployer, requireTeamPermission } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { memberRoleLabel, teamCan } from "~/domain/kernel/team-permissions.ts";
import { visibleMembers, visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import type { ReferralPeople, ReferralPerson } from "./referral-people.ts";
import { currentMember, notAMember, visibleReferral } from "./referral-people-lookups.server.ts";

/*
 * A referral's people (docs/architecture.md §4): the member it belongs to (`owner_id`), the one
 * who made it (`created_by`, never changes) and the additional managers it names. Naming a
 * colleague shares the case with them (they see it, its released report and its e-mails);
 * reassigning gives it to another member, and the previous owner, if a manager, then sees it only
 * if named. Every referral is read through `visibleReferrals`, so a referral the caller cannot
 * see is not found, whatever id was sent.
 */

/** The member's words for a role, or that they have left. */
function personOf(row: {
  userId: string;
  name: string;
  email: string;
  role: MemberRole | null;
}): ReferralPerson {
  return { ...row, roleLabel: row.role ? memberRoleLabel[row.role] : "No longer in the team" };
}

/** Who is on a referral the caller sees, who could be added, and what the caller may change. */
export async function getReferralPeople(
  scope: Scope,
  referralKey: string,
): Promise<ReferralPeople> {
  const { db, actor } = requireEmployer(scope);
  const found = await visibleReferral(db, scope, referralKey, false);
  const [team, namedRows] = await Promise.all([
    db
      .select({ userId: member.userId, name: user.name, email: user.email, role: member.role })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(visibleMembers(scope))
      .orderBy(asc(user.name), asc(user.email)),
    db
      .select({ userId: referralManager.userId })
      .from(referralManager)
      .where(eq(referralManager.referralId, found.id))
      .orderBy(asc(referralManager.addedAt)),
  ]);
  const namedIds = namedRows.map((r) => r.userId).filter((id) => id !== found.ownerId);
  const byId = new Map(team.map((m) => [m.userId, personOf(m)]));
  // The owner, the maker or a named manager may have left the team: their names still show.
  const missing = [found.ownerId, found.createdBy, ...namedIds].filter((id) => !byId.has(id));
  if (missing.length > 0) {
    const former = await db
      .select({ userId: user.id, name: user.name, email: user.email })
      .from(user)
      .where(inArray(user.id, missing));
    for (const f of former) byId.set(f.userId, personOf({ ...f, role: null }));
  }
  const person = (id: string) =>
    byId.get(id) ?? personOf({ userId: id, name: "Unknown person", email: "", role: null });
  const onIt = new Set([found.ownerId, ...namedIds]);
  return {
    referralId: found.id,
    reference: found.reference,
    viewerId: actor.userId,
    owner: person(found.ownerId),
    maker: found.createdBy === found.ownerId ? null : person(found.createdBy),
    named: namedIds.map(person),
    candidates: team.filter((m) => !onIt.has(m.userId)).map(personOf),
    reassignTargets: team.filter((m) => m.userId !== found.ownerId).map(personOf),
    teamSize: team.length,
    canName: teamCan(actor.memberRole, "referrals:assign"),
    canReassign: teamCan(actor.memberRole, "referrals:reassign"),
  };
}

/**
 * Gives every referral `fromUserId` owns in the caller's organisation to `toUserId`, a current
 * member (owners and HR administrators): the team page does this when a member leaves, so no
 * case is left without someone to hear about it. `fromUserId` need not be a member any more.
 * One audit event records the count. `tx` runs it inside the caller's transaction (removing the
 * member and moving their cases commit together); otherwise it opens its own.
 */
export async function reassignOwnedReferrals(
  scope: Scope,
  input: { fromUserId: string; toUserId: string },
  tx?: Tx,
): Promise<{ count: number }> {
  const employer = requireTeamPermission(
    scope,
    "referrals:reassign",
    "Only an owner or an HR administrator can reassign referrals.",
  );
  return tx
    ? moveOwnedReferrals(tx, employer, input)
    : scope.db.transaction((own) => moveOwnedReferrals(own, employer, input));
}

async function moveOwnedReferrals(
  tx: Tx,
  scope: Scope<EmployerActor>,
  { fromUserId, toUserId }: { fromUserId: string; toUserId: string },
): Promise<{ count: number }> {
  const to = await currentMember(tx, scope, toUserId);
  if (!to) throw new DomainError("invalid_input", notAMember);
  if (fromUserId === toUserId) return { count: 0 };
  const moved = await tx
    .update(referral)
    .set({ ownerId: to.userId })
    .where(and(visibleReferrals(scope), eq(referral.ownerId, fromUserId)))
    .returning({ id: referral.id });
  if (moved.length > 0)
    await tx.delete(referralManager).where(
      and(
        eq(referralManager.userId, to.userId),
        inArray(
          referralManager.referralId,
          moved.map((m) => m.id),
        ),
      ),
    );
  await recordAuditEventAs(
    scope,
    {
      action: "referral.owned_reassigned",
      object: { type: "user", id: fromUserId },
      details: { fromUserId, toUserId: to.userId, count: moved.length },
    },
    tx,
  );
  return { count: moved.length };
}
