import { sql } from "drizzle-orm";
import type { Database } from "~/domain/kernel/database.ts";

/**
 * Counts `clinical_count` and `clinical_hours` afresh from the referrals, report versions and
 * refusals, set-based, as their migration counts what is already there (`clinical_recount`,
 * drizzle/0061_clinical_counts_triggers.sql): for a bench seed that inserted rows with the row
 * triggers off, since counting 100,000 referrals one row at a time through them takes minutes on a
 * busy host. Never on a running service: a change committed meanwhile could be counted twice.
 */
export async function countClinicalFromScratch(db: Database): Promise<void> {
  await db.execute(sql`select clinical_recount()`);
}
