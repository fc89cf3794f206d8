import type { Database } from "~/db/client.server.ts";
import { organisation } from "~/db/schema/index.ts";

/**
 * An employer organisation row for tests that need only its id (billing, referrals and reports
 * refer to it by foreign key). A fresh id unless one is given; inserting an existing id is a no-op.
 */
export async function insertOrganisationForTest(
  db: Database,
  {
    id = `org-${crypto.randomUUID()}`,
    name = "Test Employer Ltd",
  }: { id?: string; name?: string } = {},
): Promise<string> {
  await db.insert(organisation).values({ id, name }).onConflictDoNothing();
  return id;
}
