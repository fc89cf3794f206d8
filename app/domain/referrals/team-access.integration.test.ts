import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server.ts";
import { member, referralManager } from "~/db/schema/index.ts";
import { employerScopeForTest, managementReferralInput } from "~tests/support/referrals.ts";
import { addTeamForTest, type TeamPersonForTest } from "~tests/support/team.ts";
import { createTestDatabase } from "~tests/support/test-database.ts";
import { insertOrganisationForTest } from "~tests/support/test-organisation.ts";
import { referralRecipients } from "./employer-notice.server.ts";
import { getReferralForEmployer } from "./get-referral.server.ts";
import { listReferrals } from "./list-referrals.server.ts";
import { saveManagementReferral } from "./save-management-referral.server.ts";

/*
 * Case access in a team (docs/architecture.md §4): owners and HR administrators see every
 * referral of the organisation; a manager only those they made or are named on; and a referral's
 * e-mails go to its own people.
 */
let database: DatabaseHandle;
let organisationId: string;
const people: Record<string, TeamPersonForTest> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  organisationId = await insertOrganisationForTest(database.db, { name: "Team Ltd" });
  Object.assign(
    people,
    await addTeamForTest(database.db, { idPrefix: "user-team-", domain: "team.example" }, [
      ["owner", "owner", organisationId],
      ["hr", "hr_admin", organisationId],
      ["alice", "manager", organisationId],
      ["bob", "manager", organisationId],
      ["carol", "manager", organisationId],
    ]),
  );
});
afterAll(() => database.close());

function scopeOf(name: string) {
  const person = people[name];
  if (!person) throw new Error(`no ${name}`);
  return employerScopeForTest(database.db, {
    userId: person.userId,
    memberRole: person.memberRole,
    organisationId,
    organisationName: "Team Ltd",
  });
}

async function draftBy(name: string, employeeName: string) {
  const { referral } = await saveManagementReferral(scopeOf(name), {
    input: managementReferralInput({ employeeName }),
    provider: "demo",
    intent: "draft",
  });
  return referral;
}

async function listedFor(name: string) {
  const page = await listReferrals(scopeOf(name), {});
  return { names: page.rows.map((r) => r.subjectName).sort(), total: page.total };
}

describe("a team's view of its referrals", () => {
  it("shows each role what it may see, in the list, its total and by id", async () => {
    const alices = await draftBy("alice", "Ann Alice-Case");
    await draftBy("owner", "Oscar Owner-Case");
    await database.db.insert(referralManager).values({
      referralId: alices.id,
      userId: people.bob?.userId as string,
      organisationId,
      addedBy: people.alice?.userId,
    });

    const everything = { names: ["Ann Alice-Case", "Oscar Owner-Case"], total: 2 };
    expect(await listedFor("owner")).toEqual(everything);
    expect(await listedFor("hr")).toEqual(everything);
    expect(await listedFor("alice")).toEqual({ names: ["Ann Alice-Case"], total: 1 });
    expect(await listedFor("bob")).toEqual({ names: ["Ann Alice-Case"], total: 1 });
    expect(await listedFor("carol")).toEqual({ names: [], total: 0 });

    await expect(getReferralForEmployer(scopeOf("carol"), alices.id)).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await getReferralForEmployer(scopeOf("bob"), alices.id)).toMatchObject({
      id: alices.id,
    });
    // A search by a manager finds nothing of a colleague's.
    const searched = await listReferrals(scopeOf("alice"), { search: "oscar" });
    expect(searched.rows).toEqual([]);
  });

  it("writes to the referral's own people, and to the organisation's leads once none remain", async () => {
    const made = await draftBy("alice", "Nina Notice");
    await database.db.insert(referralManager).values({
      referralId: made.id,
      userId: people.bob?.userId as string,
      organisationId,
    });
    const recipients = () =>
      referralRecipients(database.db, {
        id: made.id,
        organisationId,
        ownerId: people.alice?.userId as string,
      });
    expect((await recipients()).sort()).toEqual(["alice@team.example", "bob@team.example"]);

    // Removed from the team: they hear nothing more of its cases.
    for (const name of ["alice", "bob"])
      await database.db
        .delete(member)
        .where(
          and(eq(member.organisationId, organisationId), eq(member.userId, `user-team-${name}`)),
        );
    expect((await recipients()).sort()).toEqual(["hr@team.example", "owner@team.example"]);
  });
});
