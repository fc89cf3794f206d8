import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { member, referral, referralManager } from "~/db/schema/index.ts";
import { employerScopeForTest, managementReferralInput } from "~tests/support/referrals.ts";
import { teamOrganisationForFile } from "~tests/support/team.ts";
import { referralRecipients } from "./employer-notice.server.ts";
import { getReferralForEmployer } from "./get-referral.server.ts";
import { listReferrals } from "./list-referrals.server.ts";
import { saveManagementReferral } from "./save-management-referral.server.ts";

/*
 * Case access in a team (docs/architecture.md §4): owners and HR administrators see every
 * referral of the organisation; a manager only those they made or are named on; and a referral's
 * e-mails go to its own people.
 */
const team = teamOrganisationForFile({
  organisationName: "Team Ltd",
  idPrefix: "user-team-",
  domain: "team.example",
  outsiders: [["eve", "owner"]],
});
const { scopeOf, draftBy, who } = team;

async function listedFor(name: string) {
  const page = await listReferrals(scopeOf(name), {});
  return { names: page.rows.map((r) => r.subjectName).sort(), total: page.total };
}

describe("a team's view of its referrals", () => {
  it("shows each role what it may see, in the list, its total and by id", async () => {
    const alices = await draftBy("alice", "Ann Alice-Case");
    await draftBy("owner", "Oscar Owner-Case");
    await team.db.insert(referralManager).values({
      referralId: alices.id,
      userId: who("bob").userId,
      organisationId: team.organisationId,
      addedBy: who("alice").userId,
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

  it("searches by a reference's beginning, a whole reference or a name, among the caller's own only", async () => {
    const alices = await draftBy("alice", "Rhea Prefix");
    const owners = await draftBy("owner", "Owen Prefix");
    const eve = who("eve");
    const { referral: elsewhere } = await saveManagementReferral(
      employerScopeForTest(team.db, {
        userId: eve.userId,
        memberRole: eve.memberRole,
        organisationId: team.otherOrganisationId,
        organisationName: "Elsewhere Ltd",
      }),
      {
        input: managementReferralInput({ employeeName: "Ella Prefix" }),
        provider: "demo",
        intent: "draft",
      },
    );
    const found = async (name: string, search: string) =>
      (await listReferrals(scopeOf(name), { search })).rows.map((r) => r.reference).sort();
    // What a search by the beginning of a reference should find: the caller's unsearched list
    // (a few referrals, one page), filtered here.
    const startingWith = async (name: string, prefix: string) =>
      (await listReferrals(scopeOf(name), {})).rows
        .map((r) => r.reference)
        .filter((reference) => reference.startsWith(prefix))
        .sort();

    // The references come from one sequence across organisations, so Elsewhere's shares their
    // beginning; typed in either case.
    const sharedStart = alices.reference.slice(0, -1);
    expect(elsewhere.reference.startsWith("REF-0")).toBe(true);
    expect(await found("owner", "ref-0")).toEqual(await startingWith("owner", "REF-0"));
    expect(await found("owner", "ref-0")).toEqual(
      expect.arrayContaining([alices.reference, owners.reference]),
    );
    expect(await found("owner", sharedStart.toLowerCase())).toContain(alices.reference);
    expect(await found("owner", "REF-")).not.toContain(elsewhere.reference);
    expect(await found("owner", elsewhere.reference)).toEqual([]);
    expect(await found("owner", owners.reference)).toEqual([owners.reference]);
    expect(await found("owner", "occ-")).toEqual(await startingWith("owner", "OCC-"));

    // A manager finds their own by reference or name, never a colleague's.
    expect(await found("alice", "ref-0")).toEqual(await startingWith("alice", "REF-0"));
    expect(await found("alice", "ref-0")).not.toContain(owners.reference);
    expect(await found("alice", alices.reference)).toEqual([alices.reference]);
    expect(await found("alice", owners.reference)).toEqual([]);
    expect(await found("alice", "prefix")).toEqual([alices.reference]);
    expect(await found("owner", "prefix")).toEqual([alices.reference, owners.reference].sort());
    expect(await found("owner", "zzqx")).toEqual([]);
  });

  it("pages more than 500 matches of a reference's beginning newest first, among the caller's own only", async () => {
    // Past the 500 matches read off the reference index the page falls back to filtering the
    // organisation's referrals in time order by the beginning itself. 540 references begin
    // OCC-MANY, a minute apart, every 18th the owner's and the rest Alice's (510, so her own
    // search falls back too); newer than all of them, 30 of Alice's begin OCC-MANX, which a
    // fall-back that forgot the beginning would list first. The newest have the highest codes,
    // which the first 500 in reference order leave out, so only the fall-back lists them. One
    // insert: what the test needs is the rows, not 570 trips through the use case.
    const { organisationId } = team;
    const [owner, alice] = [who("owner").userId, who("alice").userId];
    const start = Date.now();
    const minutesAgo = (minutes: number) => new Date(start - minutes * 60_000);
    const row = (reference: string, ownerId: string, createdAt: Date) => ({
      reference,
      organisationId,
      type: "management" as const,
      status: "draft" as const,
      subjectName: "Bulk Person",
      subjectEmail: "bulk@example.org",
      createdBy: ownerId,
      ownerId,
      createdAt,
      updatedAt: createdAt,
    });
    const code = (n: number) => String(n).padStart(4, "0");
    const matching = Array.from({ length: 540 }, (_, i) =>
      row(`OCC-MANY${code(539 - i)}`, i % 18 === 0 ? owner : alice, minutesAgo(60 + i)),
    );
    const nearMisses = Array.from({ length: 30 }, (_, i) =>
      row(`OCC-MANX${code(i)}`, alice, minutesAgo(i)),
    );
    await team.db.insert(referral).values([...matching, ...nearMisses]);

    // Newest first, as the rows were made: the first page of each caller's matches.
    const newestOf = (rows: typeof matching) => rows.slice(0, 25).map((r) => r.reference);
    const pageFor = async (name: string) => {
      const page = await listReferrals(scopeOf(name), { search: "occ-many" });
      return { references: page.rows.map((r) => r.reference), more: page.nextCursor !== null };
    };
    expect(await pageFor("owner")).toEqual({ references: newestOf(matching), more: true });
    expect(await pageFor("alice")).toEqual({
      references: newestOf(matching.filter((r) => r.ownerId === alice)),
      more: true,
    });
    // Bob is named on none of them: past 500 or not, a manager sees nothing of a colleague's.
    expect(await pageFor("bob")).toEqual({ references: [], more: false });
  });

  it("writes to the referral's own people, and to the organisation's leads once none remain", async () => {
    const made = await draftBy("alice", "Nina Notice");
    await team.db.insert(referralManager).values({
      referralId: made.id,
      userId: who("bob").userId,
      organisationId: team.organisationId,
    });
    const recipients = () =>
      referralRecipients(team.db, {
        id: made.id,
        organisationId: team.organisationId,
        ownerId: who("alice").userId,
      });
    expect((await recipients()).sort()).toEqual(["alice@team.example", "bob@team.example"]);

    // Removed from the team: they hear nothing more of its cases.
    for (const name of ["alice", "bob"])
      await team.db
        .delete(member)
        .where(
          and(
            eq(member.organisationId, team.organisationId),
            eq(member.userId, `user-team-${name}`),
          ),
        );
    expect((await recipients()).sort()).toEqual(["hr@team.example", "owner@team.example"]);
  });
});
