import { eq } from "drizzle-orm";
import { organisation } from "~/db/schema/index.ts";
import type { Executor } from "~/domain/kernel/database.ts";

/** The address on the organisation's invoices, or null when none was ever given. */
export async function organisationAddress(
  db: Executor,
  organisationId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ address: organisation.address })
    .from(organisation)
    .where(eq(organisation.id, organisationId));
  return row?.address?.trim() || null;
}
