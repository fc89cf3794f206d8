import type { Database } from "~/db/client.server.ts";
import type { MemberRole } from "~/db/schema/auth.ts";
import { member, user } from "~/db/schema/index.ts";
import { saveManagementReferral } from "~/domain/referrals/save-management-referral.server.ts";
import { forFile } from "./database-fixture.ts";
import { employerScopeForTest, managementReferralInput } from "./referrals.ts";
import { createTestDatabase } from "./test-database.ts";
import { insertOrganisationForTest } from "./test-organisation.ts";

interface TeamPersonForTest {
  userId: string;
  memberRole: MemberRole;
  email: string;
  organisationId: string;
}

/**
 * People of employer teams for a test (docs/architecture.md §4): a user and a membership each,
 * named `<idPrefix><name>` with the address `<name>@<domain>`. Returns them by name.
 */
export async function addTeamForTest(
  db: Database,
  { idPrefix, domain }: { idPrefix: string; domain: string },
  people: [name: string, memberRole: MemberRole, organisationId: string][],
): Promise<Record<string, TeamPersonForTest>> {
  const team: Record<string, TeamPersonForTest> = {};
  for (const [name, memberRole, organisationId] of people) {
    const userId = `${idPrefix}${name}`;
    const email = `${name}@${domain}`;
    await db.insert(user).values({ id: userId, name, email }).onConflictDoNothing();
    await db.insert(member).values({ organisationId, userId, role: memberRole });
    team[name] = { userId, memberRole, email, organisationId };
  }
  return team;
}

const standardTeam: [string, MemberRole][] = [
  ["owner", "owner"],
  ["hr", "hr_admin"],
  ["alice", "manager"],
  ["bob", "manager"],
  ["carol", "manager"],
];

/**
 * A test file's own database with one organisation and its team (and, if asked, a second
 * organisation with its own people), made before the file's tests: each person's scope, and
 * referrals drafted in their name.
 */
export function teamOrganisationForFile(options: {
  organisationName: string;
  idPrefix: string;
  domain: string;
  /** The organisation's people; an owner, an HR administrator and three managers by default. */
  members?: [name: string, memberRole: MemberRole][];
  /** People of a second organisation ("Elsewhere Ltd"), who must see none of the first's. */
  outsiders?: [name: string, memberRole: MemberRole][];
}) {
  const ids = { organisationId: "", otherOrganisationId: "" };
  const people: Record<string, TeamPersonForTest> = {};
  const database = forFile(
    async () => {
      const handle = await createTestDatabase();
      const { db } = handle;
      ids.organisationId = await insertOrganisationForTest(db, { name: options.organisationName });
      ids.otherOrganisationId = await insertOrganisationForTest(db, { name: "Elsewhere Ltd" });
      const placed = (list: [string, MemberRole][], organisationId: string) =>
        list.map(([name, role]): [string, MemberRole, string] => [name, role, organisationId]);
      Object.assign(
        people,
        await addTeamForTest(db, options, [
          ...placed(options.members ?? standardTeam, ids.organisationId),
          ...placed(options.outsiders ?? [], ids.otherOrganisationId),
        ]),
      );
      return handle;
    },
    (handle) => handle.close(),
  );

  const team = {
    get db() {
      return database().db;
    },
    get organisationId() {
      return ids.organisationId;
    },
    get otherOrganisationId() {
      return ids.otherOrganisationId;
    },
    who(name: string) {
      const person = people[name];
      if (!person) throw new Error(`no ${name}`);
      return person;
    },
    scopeOf(name: string) {
      const person = team.who(name);
      return employerScopeForTest(team.db, {
        userId: person.userId,
        memberRole: person.memberRole,
        organisationId: ids.organisationId,
        organisationName: options.organisationName,
      });
    },
    async draftBy(name: string, employeeName: string) {
      const { referral } = await saveManagementReferral(team.scopeOf(name), {
        input: managementReferralInput({ employeeName }),
        provider: "demo",
        intent: "draft",
      });
      return referral;
    },
  };
  return team;
}
