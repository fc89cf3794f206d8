import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server.ts";
import { insightCount } from "~/db/schema/index.ts";

/**
 * The kept insight counts, cell by cell, as the pages add them up: the triggers and releases write
 * a row for every change, so a cell is the sum of its rows, and a cell that comes to zero is left
 * out. `by` keeps cells apart besides their measure and key (the month, or the member the
 * referrals belong to).
 */
export function summedInsightCounts<By extends AnyPgColumn>(
  db: Database,
  by: By,
  where: SQL | undefined,
) {
  return db
    .select({
      by,
      measure: insightCount.measure,
      key: insightCount.key,
      value: sql<number>`sum(${insightCount.value})::int`,
    })
    .from(insightCount)
    .where(where)
    .groupBy(by, insightCount.measure, insightCount.key)
    .having(sql`sum(${insightCount.value}) <> 0`)
    .orderBy(by, insightCount.measure, insightCount.key);
}
