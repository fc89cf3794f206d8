import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { MemberRole } from "~/db/schema/auth.ts";
import {
  member,
  organisation,
  referral,
  referralManager,
  session,
  user,
} from "~/db/schema/index.ts";
import { lastSignIns } from "~/domain/admin/last-sign-in.server.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import type { EmployerActor } from "~/domain/kernel/actor.ts";
import type { Tx } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireEmployer, requireTeamPermission } from "~/domain/kernel/guards.ts";
import { transactionWithMail } from "~/domain/kernel/mail-outbox.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { grantableRoles, teamCan } from "~/domain/kernel/team-permissions.ts";
import { visibleMembers, visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { reassignOwnedReferrals } from "~/domain/referrals/referral-people.server.ts";
import { listPendingInvitations } from "./invitations.server.ts";
import { memberListColumns } from "./member-columns.ts";
import { removedFromTeamEmail } from "./team-emails.ts";

interface TeamMember {
  memberId: string;
  userId: string;
  name: string;
  email: string;
  role: MemberRole;
  joinedAt: Date;
  lastSignInAt: Date | null;
  /** Referrals that belong to them (`referral.owner_id`), whatever their state. */
  referralsOwned: number;
  isYou: boolean;
}

/**
 * The team page (docs/architecture.md §4): every member with their role, last sign-in and the
 * referrals they own, the pending invitations, and what the caller may do to each.
 */
export async function getTeam(scope: Scope) {
  const employer = requireTeamPermission(
    scope,
    "team:view",
    "Your role in this organisation does not include the team page.",
  );
  const { db, actor } = employer;
  const rows = await db
    .select({ memberId: member.id, ...memberListColumns })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(visibleMembers(employer))
    .orderBy(asc(member.createdAt), asc(member.id))
    .limit(500);
  const userIds = rows.map((r) => r.userId);
  const [seen, owned, invitations] = await Promise.all([
    lastSignIns(db, userIds),
    userIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ ownerId: referral.ownerId, n: count() })
          .from(referral)
          .where(and(visibleReferrals(employer), inArray(referral.ownerId, userIds)))
          .groupBy(referral.ownerId),
    listPendingInvitations(employer),
  ]);
  const ownedBy = new Map(owned.map((o) => [o.ownerId, Number(o.n)]));
  const members: TeamMember[] = rows.map((r) => ({
    ...r,
    lastSignInAt: seen.get(r.userId) ?? null,
    referralsOwned: ownedBy.get(r.userId) ?? 0,
    isYou: r.userId === actor.userId,
  }));
  return {
    organisationName: actor.organisationName,
    yourRole: actor.memberRole,
    members,
    invitations,
    /** Roles the caller may invite with (HR administrators: managers). */
    invitableRoles: grantableRoles(actor.memberRole),
    canChangeRoles: teamCan(actor.memberRole, "team:manage-all"),
    owners: members.filter((m) => m.role === "owner").length,
  };
}

/**
 * Team changes of one organisation run one at a time: the organisation's row is locked first, so
 * two owners demoting each other at once cannot leave the organisation without an owner.
 */
async function lockOrganisation(tx: Tx, organisationId: string) {
  await tx
    .select({ id: organisation.id })
    .from(organisation)
    .where(eq(organisation.id, organisationId))
    .for("update");
}

async function memberOf(tx: Tx, employer: Scope<EmployerActor>, memberId: string) {
  const [found] = await tx
    .select({ id: member.id, userId: member.userId, role: member.role, email: user.email })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.id, memberId), visibleMembers(employer)));
  if (!found)
    throw new DomainError(
      "not_found",
      "This person is no longer on the team. Refresh the page to see the team as it is now.",
    );
  return found;
}

async function ownerCount(tx: Tx, organisationId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(member)
    .where(and(eq(member.organisationId, organisationId), eq(member.role, "owner")));
  return Number(row?.n ?? 0);
}

const lastOwner = () =>
  new DomainError(
    "invalid_state",
    "An organisation always keeps at least one owner. Make someone else an owner first.",
  );

/** An owner changes a member's role; the organisation keeps at least one owner. */
export async function changeMemberRole(
  scope: Scope,
  input: { memberId: string; role: MemberRole },
): Promise<void> {
  const employer = requireTeamPermission(
    scope,
    "team:manage-all",
    "Only an owner can change someone's role.",
  );
  await employer.db.transaction(async (tx) => {
    await lockOrganisation(tx, employer.actor.organisationId);
    const target = await memberOf(tx, employer, input.memberId);
    if (target.role === input.role) return;
    if (target.role === "owner" && (await ownerCount(tx, employer.actor.organisationId)) <= 1)
      throw lastOwner();
    await tx.update(member).set({ role: input.role }).where(eq(member.id, target.id));
    await recordAuditEventAs(
      employer,
      {
        action: "team.role_changed",
        object: { type: "user", id: target.userId },
        details: { from: target.role, to: input.role },
      },
      tx,
    );
  });
}

/**
 * Removes a member: their access ends with their next request (the membership's change drops
 * every cached session lookup of theirs, docs/decisions/0013-session-cache.md). Their referrals
 * stay with the organisation; `reassignTo` gives the ones they own to another member in the same
 * step. Owners may remove anyone else; HR administrators managers only. The person's e-mail is
 * written to the mail outbox with the removal and sent once it commits (docs/architecture.md §8, "The mail outbox").
 * Removing oneself is leaving (`leaveOrganisation`).
 */
export async function removeMember(
  scope: Scope,
  input: { memberId: string; reassignTo?: string | null },
): Promise<{ referralsReassigned: number }> {
  const employer = requireTeamPermission(
    scope,
    "team:remove-manager",
    "Your role in this organisation does not include removing people.",
  );
  const { actor } = employer;
  const removed = await transactionWithMail(employer, async (tx, queue) => {
    await lockOrganisation(tx, actor.organisationId);
    const target = await memberOf(tx, employer, input.memberId);
    if (target.userId === actor.userId)
      throw new DomainError("invalid_state", "To remove yourself, leave the organisation.");
    if (target.role !== "manager" && !teamCan(actor.memberRole, "team:manage-all"))
      throw new DomainError("forbidden", "Only an owner can remove an owner or HR administrator.");
    if (target.role === "owner" && (await ownerCount(tx, actor.organisationId)) <= 1)
      throw lastOwner();
    if (input.reassignTo === target.userId)
      throw new DomainError(
        "invalid_input",
        "Choose someone who is staying on the team to take over the referrals.",
      );
    const referralsReassigned = input.reassignTo
      ? (
          await reassignOwnedReferrals(
            employer,
            { fromUserId: target.userId, toUserId: input.reassignTo },
            tx,
          )
        ).count
      : 0;
    await dropMembership(tx, actor.organisationId, target.userId);
    await recordAuditEventAs(
      employer,
      {
        action: "team.member_removed",
        object: { type: "user", id: target.userId },
        details: {
          role: target.role,
          reassignedTo: input.reassignTo || null,
          referralsReassigned,
        },
      },
      tx,
    );
    await queue([
      removedFromTeamEmail({ to: target.email, organisationName: actor.organisationName }),
    ]);
    return { referralsReassigned };
  });
  return { referralsReassigned: removed.referralsReassigned };
}

/**
 * The membership and everything that only meant something through it: the referrals naming the
 * person as an additional manager, and sessions choosing this organisation.
 */
async function dropMembership(tx: Tx, organisationId: string, userId: string) {
  await tx
    .delete(referralManager)
    .where(
      and(eq(referralManager.organisationId, organisationId), eq(referralManager.userId, userId)),
    );
  await tx
    .update(session)
    .set({ activeOrganisationId: null })
    .where(and(eq(session.userId, userId), eq(session.activeOrganisationId, organisationId)));
  await tx
    .delete(member)
    .where(and(eq(member.organisationId, organisationId), eq(member.userId, userId)));
}

/**
 * The signed-in member leaves the organisation they act for. The last owner cannot leave; their
 * referrals stay with the organisation for an owner or HR administrator to reassign. Says how
 * many organisations the person still belongs to.
 */
export async function leaveOrganisation(scope: Scope): Promise<{ remaining: number }> {
  const employer = requireEmployer(scope);
  const { actor } = employer;
  return employer.db.transaction(async (tx) => {
    await lockOrganisation(tx, actor.organisationId);
    if (actor.memberRole === "owner" && (await ownerCount(tx, actor.organisationId)) <= 1)
      throw new DomainError(
        "invalid_state",
        "You are the only owner. Make someone else an owner before you leave.",
      );
    await dropMembership(tx, actor.organisationId, actor.userId);
    await recordAuditEventAs(
      employer,
      {
        action: "team.member_left",
        object: { type: "user", id: actor.userId },
        details: { role: actor.memberRole },
      },
      tx,
    );
    const [left] = await tx
      .select({ n: count() })
      .from(member)
      .where(eq(member.userId, actor.userId));
    return { remaining: Number(left?.n ?? 0) };
  });
}
