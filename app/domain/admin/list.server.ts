import { count, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "~/domain/kernel/database.ts";
import { defaultPageSize, type Page, pageOf } from "~/domain/kernel/list.ts";

/**
 * One page of an admin list (docs/architecture.md §3b, `list.ts`): the rows the query reads at
 * this page's offset, and how many rows of `table` match `where` in all, so every list counts and
 * pages the same way.
 */
export async function readPage<T>(
  db: Executor,
  list: {
    table: PgTable;
    where: SQL | undefined;
    page: number;
    pageSize?: number;
    rows: (limit: number, offset: number) => Promise<T[]>;
  },
): Promise<Page<T>> {
  const pageSize = list.pageSize ?? defaultPageSize;
  const total = await countRows(db, list.table, list.where);
  const rows = await list.rows(pageSize, (list.page - 1) * pageSize);
  return pageOf(rows, list.page, total, pageSize);
}

/** How many rows of `table` match `where`. */
export async function countRows(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
): Promise<number> {
  const [row] = await db.select({ count: count() }).from(table).where(where);
  return row?.count ?? 0;
}
