import type { Database } from "~/db/client.server.ts";
import type { MemberRole } from "~/db/schema/auth.ts";
import { member, user } from "~/db/schema/index.ts";

export interface TeamPersonForTest {
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
