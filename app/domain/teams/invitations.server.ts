import { addDays } from "date-fns";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { MemberRole } from "~/db/schema/auth.ts";
import { member, organisation, session, teamInvitation, user } from "~/db/schema/index.ts";
import { normaliseEmail } from "~/domain/accounts/account-key.ts";
import { passwordProblem } from "~/domain/accounts/check-password.server.ts";
import { createAccountWithoutPassword } from "~/domain/accounts/new-account.server.ts";
import { signInWithPassword } from "~/domain/accounts/sign-in.server.ts";
import type { AccountsDeps, RequestMeta } from "~/domain/accounts/types.ts";
import { recordAuditEvent, recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import type { EmployerActor } from "~/domain/kernel/actor.ts";
import type { Executor } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireSystem, requireTeamPermission } from "~/domain/kernel/guards.ts";
import { checkRateLimit, recordRateLimitAttempt } from "~/domain/kernel/rate-limit.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { grantableRoles, memberRoleWithArticle } from "~/domain/kernel/team-permissions.ts";
import { visibleMembers, visibleTeamInvitations } from "~/domain/kernel/visibility.server.ts";
import { hashLinkToken, newLinkToken } from "~/lib/link-token.ts";
import { teamInvitationEmail } from "./team-emails.ts";

/** An invitation link works for 7 days from its last sending (docs/architecture.md §4). */
const teamInvitationDays = 7;

const pending = and(isNull(teamInvitation.acceptedAt), isNull(teamInvitation.revokedAt));

/** Someone who may invite, for a role they may give (HR administrators: managers only). */
function requireInviter(scope: Scope, role: MemberRole) {
  const employer = requireTeamPermission(
    scope,
    "team:invite-manager",
    "Your role in this organisation does not include inviting people.",
  );
  if (!grantableRoles(employer.actor.memberRole).includes(role))
    throw new DomainError(
      "forbidden",
      `As ${memberRoleWithArticle[employer.actor.memberRole]} you can invite managers only.`,
    );
  return employer;
}

/**
 * Invites someone by address with a role. A pending invitation to the same address is sent again
 * with the new role and a new link (the old link stops working). The answer is the same whether or
 * not the address has a ReferOH account: the inviter learns nothing about other organisations'
 * people. Someone already on the team is said so, since the team page lists them anyway.
 */
export async function inviteTeamMember(
  scope: Scope,
  input: { email: string; role: MemberRole },
): Promise<{ status: "sent"; invitationId: string } | { status: "already-member" }> {
  const employer = requireInviter(scope, input.role);
  const { db, actor, now } = employer;
  const email = normaliseEmail(input.email);
  const [existing] = await db
    .select({ id: member.id })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(visibleMembers(employer), eq(user.email, email)));
  if (existing) return { status: "already-member" };
  // Sending again to an address already invited gives it the new role: only a role one may give.
  const [already] = await db
    .select({ role: teamInvitation.role })
    .from(teamInvitation)
    .where(and(visibleTeamInvitations(employer), eq(teamInvitation.email, email), pending));
  if (already) requireInviter(scope, already.role);
  await refuseWhenSendingTooMuch(db, actor.organisationId, now);

  const { token, tokenHash } = newLinkToken();
  const expiresAt = addDays(now, teamInvitationDays);
  const [row] = await db
    .insert(teamInvitation)
    .values({
      organisationId: actor.organisationId,
      email,
      role: input.role,
      tokenHash,
      invitedBy: actor.userId,
      createdAt: now,
      lastSentAt: now,
      expiresAt,
    })
    .onConflictDoUpdate({
      target: [teamInvitation.organisationId, teamInvitation.email],
      targetWhere: sql`${teamInvitation.acceptedAt} is null and ${teamInvitation.revokedAt} is null`,
      set: {
        role: input.role,
        tokenHash,
        invitedBy: actor.userId,
        lastSentAt: now,
        expiresAt,
        sendCount: sql`${teamInvitation.sendCount} + 1`,
      },
    })
    .returning({ id: teamInvitation.id, sendCount: teamInvitation.sendCount });
  if (!row) throw new Error("invitation not stored");
  await sendInvitation(employer, { id: row.id, email, role: input.role, token, expiresAt });
  await recordAuditEventAs(employer, {
    action: row.sendCount > 1 ? "team.invitation_resent" : "team.invitation_sent",
    object: { type: "team_invitation", id: row.id },
    details: { role: input.role },
  });
  return { status: "sent", invitationId: row.id };
}

/** Sends a pending invitation again with a new link and 7 more days; the old link stops working. */
export async function resendTeamInvitation(scope: Scope, invitationId: string): Promise<void> {
  const found = await pendingInvitation(scope, invitationId);
  const employer = requireInviter(scope, found.role);
  const { db, now } = employer;
  await refuseWhenSendingTooMuch(db, employer.actor.organisationId, now);
  const { token, tokenHash } = newLinkToken();
  const expiresAt = addDays(now, teamInvitationDays);
  const updated = await db
    .update(teamInvitation)
    .set({ tokenHash, lastSentAt: now, expiresAt, sendCount: sql`${teamInvitation.sendCount} + 1` })
    .where(and(eq(teamInvitation.id, found.id), pending))
    .returning({ id: teamInvitation.id });
  if (updated.length === 0) throw invitationGone();
  await sendInvitation(employer, { ...found, token, expiresAt });
  await recordAuditEventAs(employer, {
    action: "team.invitation_resent",
    object: { type: "team_invitation", id: found.id },
    details: { role: found.role },
  });
}

/** Withdraws a pending invitation: its link stops working at once. */
export async function revokeTeamInvitation(scope: Scope, invitationId: string): Promise<void> {
  const found = await pendingInvitation(scope, invitationId);
  const employer = requireInviter(scope, found.role);
  const updated = await employer.db
    .update(teamInvitation)
    .set({ revokedAt: employer.now, revokedBy: employer.actor.userId })
    .where(and(eq(teamInvitation.id, found.id), pending))
    .returning({ id: teamInvitation.id });
  if (updated.length === 0) throw invitationGone();
  await recordAuditEventAs(employer, {
    action: "team.invitation_revoked",
    object: { type: "team_invitation", id: found.id },
    details: { role: found.role },
  });
}

/** The organisation's pending invitations, newest first, for the team page. */
export async function listPendingInvitations(scope: Scope) {
  const employer = requireTeamPermission(scope, "team:view");
  return employer.db
    .select({
      id: teamInvitation.id,
      email: teamInvitation.email,
      role: teamInvitation.role,
      lastSentAt: teamInvitation.lastSentAt,
      expiresAt: teamInvitation.expiresAt,
      invitedByName: user.name,
    })
    .from(teamInvitation)
    .leftJoin(user, eq(user.id, teamInvitation.invitedBy))
    .where(and(visibleTeamInvitations(employer), pending))
    .orderBy(asc(teamInvitation.expiresAt))
    .limit(200);
}

async function pendingInvitation(scope: Scope, invitationId: string) {
  const employer = requireTeamPermission(scope, "team:view");
  const [found] = await employer.db
    .select({ id: teamInvitation.id, email: teamInvitation.email, role: teamInvitation.role })
    .from(teamInvitation)
    .where(and(eq(teamInvitation.id, invitationId), visibleTeamInvitations(employer), pending));
  if (!found) throw invitationGone();
  return found;
}

function invitationGone() {
  return new DomainError(
    "not_found",
    "This invitation has already been accepted or withdrawn. Refresh the page to see the team as it is now.",
  );
}

async function refuseWhenSendingTooMuch(db: Executor, organisationId: string, now: Date) {
  const verdict = await checkRateLimit(db, "teamInvitation", organisationId, now);
  if (verdict.limited)
    throw new DomainError(
      "rate_limited",
      "Your organisation has sent a lot of invitations in the last hour. Try again later.",
    );
  await recordRateLimitAttempt(db, "teamInvitation", organisationId, now);
}

async function sendInvitation(
  employer: Scope<EmployerActor>,
  invitation: { id: string; email: string; role: MemberRole; token: string; expiresAt: Date },
) {
  const [inviter] = await employer.db
    .select({ name: user.name })
    .from(user)
    .where(eq(user.id, employer.actor.userId));
  const link = new URL(`/join/${invitation.token}`, employer.adapters.publicUrl).toString();
  try {
    await employer.adapters.mailer.send(
      teamInvitationEmail({
        to: invitation.email,
        inviterName: inviter?.name ?? "A colleague",
        organisationName: employer.actor.organisationName,
        role: invitation.role,
        link,
        expiresAt: invitation.expiresAt,
      }),
    );
  } catch (error) {
    // A link nobody received must not stay valid: withdraw it, then let the page say it failed.
    await employer.db
      .update(teamInvitation)
      .set({ revokedAt: employer.now, revokedBy: employer.actor.userId })
      .where(and(eq(teamInvitation.id, invitation.id), pending));
    throw error;
  }
}

/** What the invitation page shows: the same for an address with an account and one without. */
type OpenedInvitation =
  | {
      status: "valid";
      email: string;
      role: MemberRole;
      organisationName: string;
      inviterName: string | null;
      expiresAt: Date;
    }
  | { status: "expired" }
  | { status: "invalid" };

async function findByToken(db: Executor, token: string) {
  const [row] = await db
    .select({
      id: teamInvitation.id,
      organisationId: teamInvitation.organisationId,
      email: teamInvitation.email,
      role: teamInvitation.role,
      expiresAt: teamInvitation.expiresAt,
      organisationName: organisation.name,
      inviterName: user.name,
    })
    .from(teamInvitation)
    .innerJoin(organisation, eq(organisation.id, teamInvitation.organisationId))
    .leftJoin(user, eq(user.id, teamInvitation.invitedBy))
    .where(and(eq(teamInvitation.tokenHash, hashLinkToken(token)), pending));
  return row ?? null;
}

/**
 * Opens an invitation link at the door (a system scope: nobody is known yet). Used, withdrawn and
 * unknown links read alike; an expired one says so, so the person knows to ask again.
 */
export async function openTeamInvitation(scope: Scope, token: string): Promise<OpenedInvitation> {
  const { db, now } = requireSystem(scope);
  const found = await findByToken(db, token);
  if (!found) return { status: "invalid" };
  if (found.expiresAt <= now) return { status: "expired" };
  return {
    status: "valid",
    email: found.email,
    role: found.role,
    organisationName: found.organisationName,
    inviterName: found.inviterName,
    expiresAt: found.expiresAt,
  };
}

type JoinResult =
  | { status: "joined"; organisationName: string }
  | { status: "already-member"; organisationName: string }
  /** Signed in as someone else than the invitation's address, or not as an employer. */
  | { status: "wrong-account" }
  | { status: "expired" }
  | { status: "invalid" };

/**
 * The signed-in person accepts an invitation sent to their own address: they join with its role,
 * the invitation is used up, and this session acts for the organisation they joined. Anyone
 * else (another address, a doctor or administrator) is refused, and nothing is joined.
 */
export async function acceptTeamInvitation(
  scope: Scope,
  input: {
    token: string;
    user: { id: string; email: string; role: string };
    sessionId: string;
  },
): Promise<JoinResult> {
  const { db, now, origin } = requireSystem(scope);
  const found = await findByToken(db, input.token);
  if (!found) return { status: "invalid" };
  if (found.expiresAt <= now) return { status: "expired" };
  // The acceptance is audited either way: refused to the wrong account, or done.
  const auditAcceptance = (
    executor: Executor,
    outcome: "success" | "denied",
    details: Record<string, unknown>,
  ) =>
    recordAuditEvent(executor, {
      action: "team.invitation_accepted",
      outcome,
      actor: { id: input.user.id, role: input.user.role, organisationId: found.organisationId },
      request: origin,
      object: { type: "team_invitation", id: found.id },
      details,
    });
  if (input.user.role !== "employer" || normaliseEmail(input.user.email) !== found.email) {
    await auditAcceptance(db, "denied", { reason: "wrong_account" });
    return { status: "wrong-account" };
  }
  const joined = await db.transaction(async (tx) => {
    if (!(await claimInvitation(tx, found.id, input.user.id, now))) return null;
    const added = await tx
      .insert(member)
      .values({
        organisationId: found.organisationId,
        userId: input.user.id,
        role: found.role,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: member.id });
    await tx
      .update(session)
      .set({ activeOrganisationId: found.organisationId })
      .where(and(eq(session.id, input.sessionId), eq(session.userId, input.user.id)));
    await auditAcceptance(tx, "success", { role: found.role, alreadyMember: added.length === 0 });
    return { added: added.length > 0 };
  });
  if (!joined) return { status: "invalid" };
  return {
    status: joined.added ? "joined" : "already-member",
    organisationName: found.organisationName,
  };
}

/** Uses the invitation up, once: of two racing acceptances one wins. */
async function claimInvitation(tx: Executor, id: string, userId: string, now: Date) {
  const claimed = await tx
    .update(teamInvitation)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(and(eq(teamInvitation.id, id), pending, gt(teamInvitation.expiresAt, now)))
    .returning({ id: teamInvitation.id });
  return claimed.length > 0;
}

type NewAccountJoinResult =
  | { status: "joined"; setCookies: string[]; organisationName: string }
  /** The address already has an account: sign in with it to accept. */
  | { status: "account-exists" }
  | { status: "weak-password"; message: string }
  | { status: "expired" }
  | { status: "invalid" };

/**
 * Someone without an account joins: the account is made for the invitation's address (verified,
 * since the link reached that inbox), with their name and password, they join with the
 * invitation's role, and they are signed in. An address that already has an account is told to
 * sign in: only the inbox's owner holds the link, so this tells nobody else anything.
 */
export async function joinTeamWithNewAccount(
  scope: Scope,
  deps: AccountsDeps,
  input: { token: string; name: string; password: string; request: RequestMeta },
): Promise<NewAccountJoinResult> {
  const { db, now } = requireSystem(scope);
  const found = await findByToken(db, input.token);
  if (!found) return { status: "invalid" };
  if (found.expiresAt <= now) return { status: "expired" };
  const problem = await passwordProblem(input.password, {
    email: found.email,
    name: input.name,
    company: found.organisationName,
  });
  if (problem) return { status: "weak-password", message: problem };
  const [taken] = await db.select({ id: user.id }).from(user).where(eq(user.email, found.email));
  if (taken) return { status: "account-exists" };

  const created = await createAccountWithoutPassword(deps, {
    email: found.email,
    name: input.name,
    role: "employer",
    emailVerified: true,
  });
  const { internalAdapter, password } = await deps.auth.$context;
  await internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: await password.hash(input.password),
  });
  const actor = { id: created.id, role: "employer", organisationId: found.organisationId };
  const joined = await db.transaction(async (tx) => {
    if (!(await claimInvitation(tx, found.id, created.id, now))) return false;
    await tx.insert(member).values({
      organisationId: found.organisationId,
      userId: created.id,
      role: found.role,
      createdAt: now,
    });
    await recordAuditEvent(tx, {
      action: "team.invitation_accepted",
      outcome: "success",
      actor,
      request: { ip: input.request.ip, requestId: input.request.requestId },
      object: { type: "team_invitation", id: found.id },
      details: { role: found.role, newAccount: true },
    });
    return true;
  });
  // Lost a race for the same link: the account stays (its owner can sign in), nothing is joined.
  if (!joined) return { status: "invalid" };
  const signedIn = await signInWithPassword(deps, {
    email: found.email,
    password: input.password,
    portal: "main",
    request: input.request,
  });
  return {
    status: "joined",
    setCookies: signedIn.status === "signed-in" ? signedIn.setCookies : [],
    organisationName: found.organisationName,
  };
}
