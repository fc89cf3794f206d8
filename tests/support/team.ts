import type { Database } from "~/db/client.server.ts";
import type { MemberRole } from "~/db/schema/auth.ts";
import { member } from "~/db/schema/index.ts";
import type { Auth } from "~/services/auth/auth.server.ts";

/**
 * A member of an employer's team who can sign in with a password (browser tests), made as an
 * accepted invitation would make them: a verified employer account and a membership with `role`.
 * The invitations themselves are proved by their own tests.
 */
export async function createTeamMemberForTest(
  deps: { auth: Auth; database: { db: Database } },
  {
    organisationId,
    email,
    name,
    role,
    password,
  }: { organisationId: string; email: string; name: string; role: MemberRole; password: string },
): Promise<string> {
  const { internalAdapter, password: hasher } = await deps.auth.$context;
  const space = name.indexOf(" ");
  const created = await internalAdapter.createUser(
    {
      email,
      name,
      emailVerified: true,
      role: "employer",
      firstName: name.slice(0, space),
      lastName: name.slice(space + 1),
    },
    { method: "admin" },
  );
  await internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: await hasher.hash(password),
  });
  await deps.database.db.insert(member).values({ organisationId, userId: created.id, role });
  return created.id;
}
