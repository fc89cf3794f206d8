import { addDays } from "date-fns";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { assessmentInvitation, referral } from "~/db/schema/index.ts";
import { grantCredits } from "~/domain/billing/credit-ledger.server.ts";
import { systemScope } from "~/domain/kernel/scope.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { employerScopeForTest } from "~tests/support/referrals.ts";
import { insertOrganisationForTest } from "~tests/support/test-organisation.ts";
import { createPreEmploymentReferral } from "./create-pre-employment-referral.server.ts";
import { expireInvitations } from "./expire-invitations.server.ts";
import { claimAutomaticReminders } from "./invitation-follow-up.server.ts";
import { issueInvitationToken } from "./invitations.server.ts";

const database = testDatabaseForFile();

async function invitedReferral(invitedAt: Date) {
  const actor = {
    userId: "u1",
    organisationId: await insertOrganisationForTest(database.db, { name: "Acme Ltd" }),
    organisationName: "Acme Ltd",
  };
  await grantCredits(database.db, {
    organisationId: actor.organisationId,
    credits: 1,
    reason: "adjustment",
    now: invitedAt,
  });
  const { referral: created } = await createPreEmploymentReferral(
    employerScopeForTest(database.db, actor, invitedAt),
    {
      provider: "demo",
      input: {
        candidateName: "Alex",
        candidateEmail: "alex@example.org",
        jobRole: "Office Worker",
        drivingRequired: false,
        nightShifts: false,
        loneWorking: false,
        safetyCritical: false,
        conditionalOfferDate: "2026-01-01",
        additionalNotes: "",
      },
    },
  );
  await issueInvitationToken(database.db, { referralId: created.id, invitedAt, now: invitedAt });
  return created.id;
}

describe("automatic reminders", () => {
  it("follow an unopened invitation at 3 and 7 days, once each", async () => {
    const invitedAt = new Date("2026-03-02T09:00:00Z");
    const unopened = await invitedReferral(invitedAt);
    const opened = await invitedReferral(invitedAt);
    await database.db
      .update(assessmentInvitation)
      .set({ lastOpenedAt: addDays(invitedAt, 1) })
      .where(eq(assessmentInvitation.referralId, opened));

    const ids = async (at: Date) =>
      (
        await claimAutomaticReminders(
          systemScope(database.db, "referral-follow-up", testAdapters(), { now: at }),
          async () => {},
        )
      )
        .map((r) => r.id)
        .filter((id) => id === unopened || id === opened);
    expect(await ids(addDays(invitedAt, 2))).toEqual([]);
    expect(await ids(addDays(invitedAt, 3))).toEqual([unopened]);
    expect(await ids(addDays(invitedAt, 4))).toEqual([]);
    expect(await ids(addDays(invitedAt, 7))).toEqual([unopened]);
    expect(await ids(addDays(invitedAt, 12))).toEqual([]);
  });

  it("stay unclaimed when the reminder cannot be queued, so the next run claims them", async () => {
    const invitedAt = new Date("2026-05-04T09:00:00Z");
    const unopened = await invitedReferral(invitedAt);
    const at = systemScope(database.db, "referral-follow-up", testAdapters(), {
      now: addDays(invitedAt, 3),
    });
    await expect(
      claimAutomaticReminders(at, async () => {
        throw new Error("the queue is gone");
      }),
    ).rejects.toThrow("the queue is gone");
    const queued: string[] = [];
    const claimed = await claimAutomaticReminders(at, async (_tx, r) => {
      queued.push(r.id);
    });
    expect(claimed.map((r) => r.id)).toContain(unopened);
    expect(queued).toContain(unopened);
  });
});

describe("invitation expiry", () => {
  it("expires invitations 14 days after they were sent and revokes their links", async () => {
    const invitedAt = new Date("2026-04-01T09:00:00Z");
    const id = await invitedReferral(invitedAt);
    await expireInvitations(
      systemScope(database.db, "test", testAdapters(), { now: addDays(invitedAt, 13) }),
    );
    expect((await database.db.select().from(referral).where(eq(referral.id, id)))[0]?.status).toBe(
      "invited",
    );
    await expireInvitations(
      systemScope(database.db, "test", testAdapters(), { now: addDays(invitedAt, 14) }),
    );
    expect((await database.db.select().from(referral).where(eq(referral.id, id)))[0]?.status).toBe(
      "expired",
    );
    const links = await database.db
      .select()
      .from(assessmentInvitation)
      .where(eq(assessmentInvitation.referralId, id));
    expect(links.every((l) => l.revokedAt)).toBe(true);
  });
});
