import type { Database } from "../../../app/db/client.server.ts";
import type { MemberRole } from "../../../app/db/schema/auth.ts";
import { member, organisation } from "../../../app/db/schema/index.ts";

/**
 * An organisation with one member, made straight in the database of a spec's own server, as
 * registration or an accepted invitation would leave it; specs that start from a team, a second
 * organisation or a lapsed order need it ready. Returns the organisation's id.
 */
export async function organisationWithMember(
  db: Database,
  values: { name: string; address?: string },
  userId: string,
  role: MemberRole,
): Promise<string> {
  const [row] = await db.insert(organisation).values(values).returning({ id: organisation.id });
  await db.insert(member).values({ organisationId: row!.id, userId, role });
  return row!.id;
}
