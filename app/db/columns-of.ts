import type { Table } from "drizzle-orm";

/**
 * Some of a table's columns by name, for a select that lists what it reads (a subject access
 * export, a record), so each column is named once rather than as `name: table.name`.
 */
export function columnsOf<T extends Table, K extends keyof T["_"]["columns"] & keyof T & string>(
  table: T,
  names: readonly K[],
): Pick<T, K> {
  return Object.fromEntries(names.map((name) => [name, table[name]])) as Pick<T, K>;
}
