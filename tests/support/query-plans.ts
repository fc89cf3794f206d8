import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { DatabaseHandle } from "~/db/client.server.ts";

/*
 * Query-plan checks on the product's own statements (docs/perf-notes-growth.md): catch what a
 * use case sends, then EXPLAIN ANALYZE it with its own parameters, on PGlite or PostgreSQL.
 */

/** The test database as the plan checks need it (testDatabaseForFile's handle). */
type PlanDatabase = Pick<DatabaseHandle, "db" | "pglite" | "connectionString">;

/** Every statement the database is handed while `run` runs, on either engine. */
export async function statementsOf(database: PlanDatabase, run: () => Promise<unknown>) {
  const seen: { text: string; values: unknown[] }[] = [];
  const pglite = database.pglite;
  const pgliteQuery = pglite?.query;
  const clientQuery = pg.Client.prototype.query;
  if (pglite && pgliteQuery)
    pglite.query = ((text: string, values?: unknown[], options?: object) => {
      seen.push({ text, values: values ?? [] });
      return pgliteQuery.call(pglite, text, values, options);
    }) as PGlite["query"];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    const config =
      typeof first === "string" ? { text: first } : (first as { text: string; values?: unknown[] });
    const values = config.values ?? (Array.isArray(second) ? second : []);
    seen.push({ text: config.text, values });
    return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  try {
    await run();
  } finally {
    if (pglite && pgliteQuery) pglite.query = pgliteQuery;
    pg.Client.prototype.query = clientQuery;
  }
  return seen;
}

/** EXPLAIN ANALYZE of a statement the product sent, with its own parameters. */
export async function explainAnalyze(
  database: PlanDatabase,
  { text, values }: { text: string; values: unknown[] },
) {
  const statement = `explain (analyze, costs off, timing off, summary off) ${text}`;
  if (database.pglite) {
    const result = await database.pglite.query<{ "QUERY PLAN": string }>(statement, values);
    return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
  }
  const client = new pg.Client({ connectionString: database.connectionString });
  await client.connect();
  try {
    const result = await client.query<{ "QUERY PLAN": string }>(statement, values);
    return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
  } finally {
    await client.end();
  }
}

export async function copiedColumns(
  database: PlanDatabase,
  table: string,
  except: string[],
  prefix = "",
) {
  const result = (await database.db.execute(
    sql`select column_name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} order by ordinal_position`,
  )) as unknown as { rows: { column_name: string }[] };
  return result.rows
    .map((r) => r.column_name)
    .filter((name) => !except.includes(name))
    .map((name) => `${prefix}"${name}"`)
    .join(", ");
}
