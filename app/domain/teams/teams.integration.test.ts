import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemberRole } from "~/db/schema/auth.ts";
import { auditEvent, member, referral, referralManager, user } from "~/db/schema/index.ts";
import { loadSession } from "~/domain/accounts/load-session.server.ts";
import { searchAuditLog } from "~/domain/admin/audit-log.server.ts";
import { createScope, systemScope } from "~/domain/kernel/scope.ts";
import { saveManagementReferral } from "~/domain/referrals/save-management-referral.server.ts";
import type { Runtime } from "~/services/runtime.server.ts";
import { CookieJar, requestFrom, startTestRuntime } from "~tests/support/accounts-harness.ts";
import { testAdapters, withAdapters } from "~tests/support/adapters.ts";
import { recordingMailer } from "~tests/support/mail.ts";
import { employerScopeForTest, managementReferralInput } from "~tests/support/referrals.ts";
import { insertOrganisationForTest } from "~tests/support/test-organisation.ts";
import {
  acceptTeamInvitation,
  inviteTeamMember,
  joinTeamWithNewAccount,
  openTeamInvitation,
  resendTeamInvitation,
  revokeTeamInvitation,
} from "./invitations.server.ts";
import { changeMemberRole, getTeam, leaveOrganisation, removeMember } from "./team.server.ts";

/*
 * Teams (docs/architecture.md §4): invitations by hashed link for 7 days, used once, withdrawn
 * or sent again; joining with a new or an existing account; roles, removal and leaving, with the
 * organisation always keeping an owner. Run on a real runtime, since joining makes an account and
 * signs it in through better-auth.
 */
let runtime: Runtime;
let stop: () => Promise<void>;
let organisationId: string;
const mailer = recordingMailer();
const publicUrl = "http://localhost:3000";
const people: Record<string, { userId: string; memberRole: MemberRole; email: string }> = {};

beforeAll(async () => {
  ({ runtime, stop } = await startTestRuntime());
  organisationId = await insertOrganisationForTest(runtime.database.db, { name: "Acme Care Ltd" });
  for (const [name, memberRole] of [
    ["olive", "owner"],
    ["harry", "hr_admin"],
    ["mia", "manager"],
  ] as const)
    await addPerson(name, memberRole);
}, 60_000);
afterAll(() => stop());

async function addPerson(name: string, memberRole: MemberRole, org = organisationId) {
  const userId = `user-${name}`;
  const email = `${name}@acme.example`;
  await runtime.database.db
    .insert(user)
    .values({ id: userId, name, email, emailVerified: true })
    .onConflictDoNothing();
  await runtime.database.db
    .insert(member)
    .values({ organisationId: org, userId, role: memberRole });
  people[name] = { userId, memberRole, email };
}

function scopeOf(name: string, now = new Date()) {
  const person = people[name];
  if (!person) throw new Error(`no ${name}`);
  return employerScopeForTest(
    runtime.database.db,
    {
      userId: person.userId,
      memberRole: person.memberRole,
      organisationId,
      organisationName: "Acme Care Ltd",
    },
    now,
  );
}

/** An invitation to the team, sent by the holder of `by` through the file's recording mailer. */
const invite = (by: ReturnType<typeof scopeOf>, email: string, role: MemberRole) =>
  inviteTeamMember(withAdapters(by, { mailer, publicUrl }), { email, role });

const door = (now = new Date()) =>
  systemScope(runtime.database.db, "team-invitation-link", testAdapters(), { now });

/** The token of the newest invitation e-mail to `to`. */
function linkSentTo(to: string): string {
  const message = mailer.sent.filter((m) => m.to === to).at(-1);
  const token = message?.text.match(/\/join\/([\w-]+)/)?.[1];
  if (!token) throw new Error(`no invitation to ${to}`);
  return token;
}

async function audited(action: string, objectId?: string) {
  return runtime.database.db
    .select({
      outcome: auditEvent.outcome,
      details: auditEvent.details,
      actorId: auditEvent.actorId,
    })
    .from(auditEvent)
    .where(
      and(eq(auditEvent.action, action), objectId ? eq(auditEvent.objectId, objectId) : undefined),
    );
}

async function membersOf(org = organisationId) {
  const rows = await runtime.database.db
    .select({ userId: member.userId, role: member.role })
    .from(member)
    .where(eq(member.organisationId, org));
  return Object.fromEntries(rows.map((r) => [r.userId, r.role]));
}

describe("inviting people", () => {
  it("answers alike for an address with an account elsewhere and one without, and audits it", async () => {
    const elsewhere = await insertOrganisationForTest(runtime.database.db, { name: "Other Ltd" });
    await addPerson("otto", "owner", elsewhere);
    const known = await invite(scopeOf("olive"), " OTTO@acme.example ", "manager");
    const unknown = await invite(scopeOf("olive"), "nobody-yet@acme.example", "manager");
    expect(known.status).toBe("sent");
    expect(unknown.status).toBe("sent");
    const mail = mailer.sent.find((m) => m.to === "otto@acme.example");
    expect(mail?.subject).toBe("olive invited you to join Acme Care Ltd on ReferOH");
    expect(mail?.text).toContain("as a manager");
    if (known.status !== "sent") throw new Error("not sent");
    expect(await audited("team.invitation_sent", known.invitationId)).toEqual([
      expect.objectContaining({ outcome: "success", actorId: "user-olive" }),
    ]);
    // The link opens the same way whoever the address belongs to.
    const opened = await openTeamInvitation(door(), linkSentTo("otto@acme.example"));
    const openedUnknown = await openTeamInvitation(door(), linkSentTo("nobody-yet@acme.example"));
    expect(Object.keys(opened).sort()).toEqual(Object.keys(openedUnknown).sort());
    expect(opened).toMatchObject({ status: "valid", organisationName: "Acme Care Ltd" });
  });

  it("lets HR administrators invite managers only, and managers nobody", async () => {
    await expect(invite(scopeOf("harry"), "boss@acme.example", "owner")).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(invite(scopeOf("mia"), "friend@acme.example", "manager")).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(await invite(scopeOf("harry"), "line@acme.example", "manager")).toMatchObject({
      status: "sent",
    });
    expect(await invite(scopeOf("olive"), "mia@acme.example", "manager")).toEqual({
      status: "already-member",
    });
  });

  it("joins an existing account once, and refuses a second use of the link", async () => {
    const token = linkSentTo("otto@acme.example");
    const otto = { id: "user-otto", email: "otto@acme.example", role: "employer" };
    expect(await acceptTeamInvitation(door(), { token, user: otto, sessionId: "none" })).toEqual({
      status: "joined",
      organisationName: "Acme Care Ltd",
    });
    expect((await membersOf())["user-otto"]).toBe("manager");
    expect(await openTeamInvitation(door(), token)).toEqual({ status: "invalid" });
    expect(await acceptTeamInvitation(door(), { token, user: otto, sessionId: "none" })).toEqual({
      status: "invalid",
    });
  });

  it("refuses the wrong signed-in account clearly, and joins nobody", async () => {
    await invite(scopeOf("olive"), "wanted@acme.example", "hr_admin");
    const token = linkSentTo("wanted@acme.example");
    const before = await membersOf();
    for (const someoneElse of [
      { id: "user-mia", email: "mia@acme.example", role: "employer" },
      { id: "user-doc", email: "wanted@acme.example", role: "doctor" },
    ])
      expect(
        await acceptTeamInvitation(door(), { token, user: someoneElse, sessionId: "none" }),
      ).toEqual({ status: "wrong-account" });
    expect(await membersOf()).toEqual(before);
    expect(await openTeamInvitation(door(), token)).toMatchObject({ status: "valid" });
    const denied = await runtime.database.db
      .select({ outcome: auditEvent.outcome })
      .from(auditEvent)
      .where(
        and(eq(auditEvent.action, "team.invitation_accepted"), eq(auditEvent.outcome, "denied")),
      );
    expect(denied).toHaveLength(2);
  });

  it("expires after 7 days; sending again gives a new link and kills the old one", async () => {
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    const sent = await invite(scopeOf("olive", eightDaysAgo), "late@acme.example", "manager");
    if (sent.status !== "sent") throw new Error("not sent");
    const old = linkSentTo("late@acme.example");
    expect(await openTeamInvitation(door(), old)).toEqual({ status: "expired" });
    const late = { id: "user-late", email: "late@acme.example", role: "employer" };
    expect(await acceptTeamInvitation(door(), { token: old, user: late, sessionId: "x" })).toEqual({
      status: "expired",
    });

    await resendTeamInvitation(
      withAdapters(scopeOf("olive"), { mailer, publicUrl }),
      sent.invitationId,
    );
    const fresh = linkSentTo("late@acme.example");
    expect(fresh).not.toBe(old);
    expect(await openTeamInvitation(door(), old)).toEqual({ status: "invalid" });
    expect(await openTeamInvitation(door(), fresh)).toMatchObject({ status: "valid" });
    expect(await audited("team.invitation_resent", sent.invitationId)).toHaveLength(1);
  });

  it("stops a revoked link at once", async () => {
    const sent = await invite(scopeOf("harry"), "revoked@acme.example", "manager");
    if (sent.status !== "sent") throw new Error("not sent");
    const token = linkSentTo("revoked@acme.example");
    await revokeTeamInvitation(scopeOf("harry"), sent.invitationId);
    expect(await openTeamInvitation(door(), token)).toEqual({ status: "invalid" });
    await expect(revokeTeamInvitation(scopeOf("harry"), sent.invitationId)).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await audited("team.invitation_revoked", sent.invitationId)).toHaveLength(1);
    const team = await getTeam(scopeOf("olive"));
    expect(team.invitations.map((i) => i.email)).not.toContain("revoked@acme.example");
  });

  it("makes a new account for the invited address, joins it and signs it in", async () => {
    const token = linkSentTo("nobody-yet@acme.example");
    const result = await joinTeamWithNewAccount(door(), runtime, {
      token,
      name: "Nora Newcomer",
      password: "correct horse battery staple",
      request: requestFrom("203.0.113.40"),
    });
    expect(result).toMatchObject({ status: "joined", organisationName: "Acme Care Ltd" });
    if (result.status !== "joined") throw new Error("not joined");
    const jar = new CookieJar().absorb(result.setCookies);
    const lookup = await loadSession(runtime, requestFrom("203.0.113.40", jar).headers);
    expect(lookup).toMatchObject({
      status: "active",
      current: { organisation: { id: organisationId, memberRole: "manager" } },
    });
    // An address that already has an account is told to sign in with it.
    await invite(scopeOf("olive"), "otto2@acme.example", "manager");
    await runtime.database.db
      .insert(user)
      .values({ id: "user-otto2", name: "Otto Two", email: "otto2@acme.example" });
    expect(
      await joinTeamWithNewAccount(door(), runtime, {
        token: linkSentTo("otto2@acme.example"),
        name: "Otto",
        password: "correct horse battery staple",
        request: requestFrom("203.0.113.41"),
      }),
    ).toEqual({ status: "account-exists" });
  });
});

describe("the team", () => {
  it("keeps at least one owner, whoever tries", async () => {
    const team = await getTeam(scopeOf("olive"));
    const olive = team.members.find((m) => m.userId === "user-olive");
    const harry = team.members.find((m) => m.userId === "user-harry");
    if (!olive || !harry) throw new Error("missing members");
    await expect(
      changeMemberRole(scopeOf("olive"), { memberId: olive.memberId, role: "manager" }),
    ).rejects.toMatchObject({ code: "invalid_state" });
    await expect(leaveOrganisation(scopeOf("olive"))).rejects.toMatchObject({
      code: "invalid_state",
    });
    await expect(
      changeMemberRole(scopeOf("harry"), { memberId: harry.memberId, role: "owner" }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await changeMemberRole(scopeOf("olive"), { memberId: harry.memberId, role: "owner" });
    expect(await audited("team.role_changed")).toEqual([
      expect.objectContaining({ details: { from: "hr_admin", to: "owner" } }),
    ]);
    await changeMemberRole(scopeOf("olive"), { memberId: harry.memberId, role: "hr_admin" });
  });

  it("removes a member at once, hands their referrals on, and leaves the referral in the organisation", async () => {
    const { referral: made } = await saveManagementReferral(scopeOf("mia"), {
      input: managementReferralInput({ employeeName: "Rita Removed-Case" }),
      provider: "demo",
      intent: "draft",
    });
    await runtime.database.db.insert(referralManager).values({
      referralId: made.id,
      userId: "user-otto",
      organisationId,
    });
    const team = await getTeam(scopeOf("harry"));
    const mia = team.members.find((m) => m.userId === "user-mia");
    const otto = team.members.find((m) => m.userId === "user-otto");
    if (!mia || !otto) throw new Error("missing members");
    expect(mia.referralsOwned).toBe(1);
    // HR administrators remove managers, not owners.
    const olive = team.members.find((m) => m.userId === "user-olive");
    await expect(
      removeMember(withAdapters(scopeOf("harry"), { mailer, publicUrl }), {
        memberId: olive?.memberId ?? "",
      }),
    ).rejects.toMatchObject({ code: "forbidden" });

    const removed = await removeMember(withAdapters(scopeOf("harry"), { mailer, publicUrl }), {
      memberId: mia.memberId,
      reassignTo: "user-otto",
    });
    expect(removed).toEqual({ referralsReassigned: 1 });
    const [moved] = await runtime.database.db
      .select({ ownerId: referral.ownerId, createdBy: referral.createdBy })
      .from(referral)
      .where(eq(referral.id, made.id));
    expect(moved).toEqual({ ownerId: "user-otto", createdBy: "user-mia" });
    expect((await membersOf())["user-mia"]).toBeUndefined();
    expect(mailer.sent.at(-1)?.subject).toBe(
      "You no longer have access to Acme Care Ltd on ReferOH",
    );
    expect(await audited("team.member_removed")).toEqual([
      expect.objectContaining({
        details: { role: "manager", reassignedTo: "user-otto", referralsReassigned: 1 },
      }),
    ]);

    // Leaving drops the person's named places on referrals too. Otto owns another organisation
    // and is a manager in this one.
    people.otto = { ...(people.otto as (typeof people)[string]), memberRole: "manager" };
    expect(await leaveOrganisation(scopeOf("otto"))).toEqual({ remaining: 1 });
    const named = await runtime.database.db
      .select()
      .from(referralManager)
      .where(eq(referralManager.userId, "user-otto"));
    expect(named).toEqual([]);
    expect(await audited("team.member_left")).toHaveLength(1);
  });
});

describe("sending invitations", () => {
  it("stops an organisation sending more than 30 in an hour, and sends nothing once stopped", async () => {
    const refused = async () => {
      for (let i = 0; i < 40; i++) {
        try {
          await invite(scopeOf("olive"), `flood-${i}@acme.example`, "manager");
        } catch (error) {
          return { at: i, error };
        }
      }
      return null;
    };
    const stopped = await refused();
    expect(stopped?.error).toMatchObject({ code: "rate_limited" });
    expect(mailer.sent.filter((m) => m.to === `flood-${stopped?.at}@acme.example`)).toEqual([]);
  });
});

describe("the administrator's audit log", () => {
  it("lists every team event under team., filed under the organisation", async () => {
    const admin = createScope(
      runtime.database.db,
      { role: "admin", userId: "user-admin", twoFactorVerified: true },
      { ip: null, requestId: "test" },
      testAdapters(),
    );
    const page = await searchAuditLog(admin, {
      actor: "",
      organisation: organisationId,
      referral: "",
      action: "team.",
      from: "",
      to: "",
      page: 1,
    });
    expect(new Set(page.rows.map((r) => r.action))).toEqual(
      new Set([
        "team.invitation_sent",
        "team.invitation_resent",
        "team.invitation_revoked",
        "team.invitation_accepted",
        "team.role_changed",
        "team.member_removed",
        "team.member_left",
      ]),
    );
  });
});
