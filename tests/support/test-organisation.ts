import type { Database } from "~/db/client.server.ts";
import { organisation } from "~/db/schema/index.ts";

/**
 * An employer organisation row for tests that need only its id (billing, referrals and reports
 * refer to it by foreign key). A fresh id unless one is given; inserting an existing id is a no-op.
 * It has a billing address, as an organisation that has paid once has (docs/vat-invoices.md); a
 * test of the missing address passes `address: null`.
 */
export async function insertOrganisationForTest(
  db: Database,
  {
    id = `org-${crypto.randomUUID()}`,
    name = "Test Employer Ltd",
    address = "1 Test Street\nLeeds\nLS1 1AA",
  }: { id?: string; name?: string; address?: string | null } = {},
): Promise<string> {
  await db.insert(organisation).values({ id, name, address }).onConflictDoNothing();
  return id;
}
