import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { referral, referralActivity, referralManager } from "~/db/schema/index.ts";
import { auditEventsAbout } from "~tests/support/audit.ts";
import { employerScopeForTest, referralRowForTest } from "~tests/support/referrals.ts";
import { teamOrganisationForFile } from "~tests/support/team.ts";
import { isClosed } from "./case-closure.ts";
import { closeReferral } from "./close-referral.server.ts";
import { getReferralForEmployer } from "./get-referral.server.ts";
import { referralStatuses } from "./lifecycle.ts";
import { listReferrals } from "./list-referrals.server.ts";

/*
 * "Closed: no further action" (docs/architecture.md §4, "Re-inviting and closing"): only a
 * complete case, which stays complete; owners, HR administrators and a manager on the case; audited.
 */
const team = teamOrganisationForFile({
  organisationName: "Closing Ltd",
  idPrefix: "user-close-",
  domain: "close.example",
  outsiders: [["eve", "owner"]],
});

const eveScope = () =>
  employerScopeForTest(team.db, {
    userId: team.who("eve").userId,
    memberRole: "owner",
    organisationId: team.otherOrganisationId,
    organisationName: "Elsewhere Ltd",
  });

/** Alice's referral, moved straight to `status` for the test (the report is not what is tested). */
async function alicesCase(status: (typeof referralStatuses)[number] = "complete") {
  const made = await team.draftBy("alice", "Cal Closed");
  await team.db.update(referral).set({ status }).where(eq(referral.id, made.id));
  return made;
}

describe("closing a complete case with no further action", () => {
  it("lets the owner, HR and a manager on the case close it, and it stays complete and listed", async () => {
    for (const name of ["owner", "hr", "alice"]) {
      const made = await alicesCase();
      const closed = await closeReferral(team.scopeOf(name), made.reference);
      expect(closed).toEqual({ id: made.id, reference: made.reference });
      const row = await referralRowForTest(team.db, made.id);
      expect(row.status).toBe("complete");
      expect(row.closedBy).toBe(team.who(name).userId);
      expect(isClosed(row)).toBe(true);
      const timeline = await team.db
        .select({ kind: referralActivity.kind })
        .from(referralActivity)
        .where(eq(referralActivity.referralId, made.id));
      expect(timeline.map((t) => t.kind)).toContain("closed");
      const events = await auditEventsAbout(team.db, made.id, "referral.close");
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ outcome: "success", actorId: team.who(name).userId });
      // Still the employer's to read and find, now with its close.
      expect(await getReferralForEmployer(team.scopeOf(name), made.id)).toMatchObject({
        status: "complete",
        closedAt: row.closedAt,
      });
      const found = await listReferrals(team.scopeOf(name), { search: made.reference });
      expect(found.rows.map((r) => r.id)).toContain(made.id);
    }
  });

  it("lets a manager named on the case close it, not one it does not name, nor another organisation", async () => {
    const made = await alicesCase();
    for (const scope of [team.scopeOf("bob"), eveScope()])
      await expect(closeReferral(scope, made.id)).rejects.toMatchObject({ code: "not_found" });
    expect((await referralRowForTest(team.db, made.id)).closedAt).toBeNull();
    await team.db.insert(referralManager).values({
      referralId: made.id,
      userId: team.who("bob").userId,
      organisationId: team.organisationId,
      addedBy: team.who("alice").userId,
    });
    await closeReferral(team.scopeOf("bob"), made.id);
    expect((await referralRowForTest(team.db, made.id)).closedBy).toBe(team.who("bob").userId);
  });

  it("refuses a case that is not complete, and a second close", async () => {
    for (const status of referralStatuses.filter((s) => s !== "complete")) {
      const made = await alicesCase(status);
      await expect(closeReferral(team.scopeOf("owner"), made.id)).rejects.toMatchObject({
        code: "invalid_state",
      });
      expect((await referralRowForTest(team.db, made.id)).closedBy).toBeNull();
    }
    const made = await alicesCase();
    await closeReferral(team.scopeOf("owner"), made.id);
    await expect(closeReferral(team.scopeOf("hr"), made.id)).rejects.toMatchObject({
      code: "invalid_state",
      message: "This referral is already closed.",
    });
    expect((await referralRowForTest(team.db, made.id)).closedBy).toBe(team.who("owner").userId);
  });
});
