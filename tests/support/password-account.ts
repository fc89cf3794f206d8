import { randomUUID } from "node:crypto";
import type { Database } from "~/db/client.server.ts";
import type { PlatformRole } from "~/db/schema/auth.ts";
import { account, user } from "~/db/schema/index.ts";

/**
 * A verified person with a password, written straight into the user and account tables (where
 * better-auth's adapter would put them), for tests that need the row on a database of their own
 * choosing. `passwordHash` is better-auth's hash of the password they sign in with.
 */
export async function insertPasswordAccount(
  db: Database,
  person: { id: string; name: string; email: string; role: PlatformRole },
  passwordHash: string,
) {
  await db.insert(user).values({ ...person, emailVerified: true });
  await db.insert(account).values({
    id: randomUUID(),
    accountId: person.id,
    providerId: "credential",
    userId: person.id,
    password: passwordHash,
  });
}
