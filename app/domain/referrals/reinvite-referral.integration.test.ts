import { addDays, subDays } from "date-fns";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, referral } from "~/db/schema/index.ts";
import { getCreditBalance, grantCredits } from "~/domain/billing/credit-ledger.server.ts";
import { systemScope } from "~/domain/kernel/scope.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import { auditEventsAbout } from "~tests/support/audit.ts";
import { recordingMailer } from "~tests/support/mail.ts";
import {
  employerScopeForTest,
  managementReferralInput,
  referralRowForTest,
} from "~tests/support/referrals.ts";
import { teamOrganisationForFile } from "~tests/support/team.ts";
import { expireInvitations } from "./expire-invitations.server.ts";
import { sendInvitationNow } from "./invitation-outbox.server.ts";
import { findReferralByInvitationToken } from "./invitations.server.ts";
import { reinvitationDeadline, reinviteReferral } from "./reinvite-referral.server.ts";
import { saveManagementReferral } from "./save-management-referral.server.ts";

/*
 * Re-inviting an expired case (docs/architecture.md §4, "Re-inviting and closing"): the same
 * referral, a new link with a new expiry, no new cost, within 30 days of the expiry; authorised
 * through the employer's visibility and audited.
 */
const team = teamOrganisationForFile({
  organisationName: "Reinvite Ltd",
  idPrefix: "user-reinvite-",
  domain: "reinvite.example",
  outsiders: [["eve", "owner"]],
});

/** The scope of a member of the team (or "eve" of the other organisation) at `now`. */
function scopeAt(name: string, now: Date, mailer = recordingMailer()) {
  const person = team.who(name);
  const elsewhere = name === "eve";
  return employerScopeForTest(
    team.db,
    {
      userId: person.userId,
      memberRole: person.memberRole,
      organisationId: elsewhere ? team.otherOrganisationId : team.organisationId,
      organisationName: elsewhere ? "Elsewhere Ltd" : "Reinvite Ltd",
    },
    now,
    testAdapters({ mailer, clock: () => now }),
  );
}

/** The link in the last invitation a mailer sent. */
function linkToken(mailer: ReturnType<typeof recordingMailer>): string {
  const text = mailer.sent.at(-1)?.text ?? "";
  const token = /\/assessment\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  if (!token) throw new Error("no assessment link in the message");
  return token;
}

/**
 * Alice's referral of Ann, paid by credits and invited on `invitedAt` with its first e-mail sent,
 * then lapsed by the expiry sweep 15 days later. Returns it with the first link's token.
 */
async function expiredCase(invitedAt: Date) {
  await grantCredits(team.db, {
    organisationId: team.organisationId,
    credits: 4,
    now: invitedAt,
  });
  const mailer = recordingMailer();
  const { referral: saved, placement } = await saveManagementReferral(
    scopeAt("alice", invitedAt, mailer),
    {
      input: managementReferralInput({ employeeName: "Ann Again" }),
      provider: "demo",
      intent: "submit",
    },
  );
  expect(placement).toMatchObject({ method: "credits" });
  const placed = await referralRowForTest(team.db, saved.id);
  expect(placed.status).toBe("invited");
  await sendInvitationNow(scopeAt("alice", invitedAt, mailer), placed.id);
  const firstToken = linkToken(mailer);
  const lapsedAt = addDays(invitedAt, 15);
  await expireInvitations(
    systemScope(team.db, "test", testAdapters(), { now: lapsedAt, requestId: "sweep" }),
  );
  expect((await referralRowForTest(team.db, placed.id)).status).toBe("expired");
  return { placed, firstToken, lapsedAt };
}

describe("sending an expired case a new invitation", () => {
  it("invites the same referral again with a new link and expiry, spends nothing, and the old link stays dead", async () => {
    const { placed, firstToken, lapsedAt } = await expiredCase(subDays(new Date(), 20));
    const now = addDays(lapsedAt, 3);
    const balance = await getCreditBalance(team.db, team.organisationId, now);
    const mailer = recordingMailer();
    const scope = scopeAt("alice", now, mailer);

    const reinvited = await reinviteReferral(scope, placed.reference);
    expect(reinvited).toMatchObject({ id: placed.id, reference: placed.reference });
    const row = await referralRowForTest(team.db, placed.id);
    expect(row).toMatchObject({ status: "invited", invitedAt: now, autoRemindersSent: 0 });
    // The e-mail waits in the outbox, written with the move, and goes once sent after the commit.
    const waiting = await team.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.referralId, placed.id));
    expect(waiting.filter((r) => r.sentAt === null)).toHaveLength(1);
    await sendInvitationNow(scope, placed.id);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]?.to).toBe(placed.subjectEmail);
    // The first invitation's words, not a reminder's.
    expect(mailer.sent[0]?.subject).not.toMatch(/reminder/i);

    const newToken = linkToken(mailer);
    expect(newToken).not.toBe(firstToken);
    const opened = await findReferralByInvitationToken(team.db, newToken, addDays(now, 13));
    expect(opened.found).toBe(true);
    // The new link has a new 14 days, counted from the new invitation.
    expect(await findReferralByInvitationToken(team.db, newToken, addDays(now, 14))).toMatchObject({
      found: false,
      reason: "expired",
    });
    expect(await findReferralByInvitationToken(team.db, firstToken, now)).toMatchObject({
      found: false,
      reason: "revoked",
    });

    // No credit spent and no order: the referral keeps what paid for it.
    expect(await getCreditBalance(team.db, team.organisationId, now)).toBe(balance);
    expect(row.paymentMethod).toBe("credits");
    expect(row.orderId).toBeNull();

    const [audit] = await auditEventsAbout(team.db, placed.id, "referral.reinvite");
    expect(audit).toMatchObject({
      outcome: "success",
      actorId: team.who("alice").userId,
      organisationId: team.organisationId,
    });
    expect(audit?.details).toMatchObject({ from: "expired", to: "invited" });

    // Invited again, it is no longer expired: a second re-invite is refused.
    await expect(reinviteReferral(scope, placed.id)).rejects.toMatchObject({
      code: "invalid_state",
    });
    // The expiry sweep does not lapse the new invitation before its own 14 days.
    await expireInvitations(
      systemScope(team.db, "test", testAdapters(), { now: addDays(now, 13), requestId: "sweep" }),
    );
    expect((await referralRowForTest(team.db, placed.id)).status).toBe("invited");
  });

  it("is allowed up to 30 days after the link expired and refused after, with the reason", async () => {
    const invitedAt = subDays(new Date(), 60);
    const { placed } = await expiredCase(invitedAt);
    const deadline = reinvitationDeadline(invitedAt);
    expect(deadline).toEqual(addDays(invitedAt, 44));
    const late = new Date(deadline.getTime() + 1);
    await expect(reinviteReferral(scopeAt("hr", late), placed.id)).rejects.toMatchObject({
      code: "invalid_state",
      message: expect.stringMatching(/within 30 days .* Make a new referral/),
    });
    expect((await referralRowForTest(team.db, placed.id)).status).toBe("expired");
    expect(await auditEventsAbout(team.db, placed.id, "referral.reinvite")).toHaveLength(0);
    // On the last moment of the window it still goes.
    await reinviteReferral(scopeAt("hr", deadline), placed.id);
    expect((await referralRowForTest(team.db, placed.id)).status).toBe("invited");
  });

  it("is for those who may see the case: not a manager it does not name, nor another organisation", async () => {
    const { placed } = await expiredCase(subDays(new Date(), 20));
    const now = new Date();
    for (const name of ["bob", "eve"])
      await expect(reinviteReferral(scopeAt(name, now), placed.id)).rejects.toMatchObject({
        code: "not_found",
      });
    expect((await referralRowForTest(team.db, placed.id)).status).toBe("expired");
    // The owner may, as may the manager who made it (the first test) and HR (the second).
    await reinviteReferral(scopeAt("owner", now), placed.reference);
    expect((await referralRowForTest(team.db, placed.id)).status).toBe("invited");
  });

  it("refuses a case whose invitation is still open, or that ended otherwise", async () => {
    const { placed } = await expiredCase(subDays(new Date(), 20));
    const now = new Date();
    for (const status of ["invited", "cancelled", "complete"] as const) {
      await team.db.update(referral).set({ status }).where(eq(referral.id, placed.id));
      await expect(reinviteReferral(scopeAt("alice", now), placed.id)).rejects.toMatchObject({
        code: "invalid_state",
      });
    }
  });
});
