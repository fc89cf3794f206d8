import type { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import pg from "pg";
import type { DatabaseHandle } from "~/db/client.server.ts";
import { openTestDatabaseAsOwner } from "./test-database.ts";

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

/**
 * EXPLAIN ANALYZE of a statement the product sent, with its own parameters. `indexOnly` plans it
 * with sequential scans switched off: at a test's size a scan of every row is often the cheapest
 * plan, so this asks only whether an index can serve the statement as the product writes it (the
 * planner's choice at a production size is the growth bench's to show).
 */
export async function explainAnalyze(
  database: PlanDatabase,
  { text, values }: { text: string; values: unknown[] },
  { indexOnly = false }: { indexOnly?: boolean } = {},
) {
  const statement = `explain (analyze, costs off, timing off, summary off) ${text}`;
  const setting = `set enable_seqscan = ${indexOnly ? "off" : "on"}`;
  const plan = (rows: { "QUERY PLAN": string }[]) => rows.map((r) => r["QUERY PLAN"]).join("\n");
  if (database.pglite) {
    await database.pglite.exec(setting);
    try {
      return plan((await database.pglite.query<{ "QUERY PLAN": string }>(statement, values)).rows);
    } finally {
      await database.pglite.exec("reset enable_seqscan");
    }
  }
  const client = new pg.Client({ connectionString: database.connectionString });
  await client.connect();
  try {
    await client.query(setting);
    return plan((await client.query<{ "QUERY PLAN": string }>(statement, values)).rows);
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
    // A generated column is the database's to write.
    sql`select column_name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
        order by ordinal_position`,
  )) as unknown as { rows: { column_name: string }[] };
  return result.rows
    .map((r) => r.column_name)
    .filter((name) => !except.includes(name))
    .map((name) => `${prefix}"${name}"`)
    .join(", ");
}

/**
 * `rows` copies of the referral `from` in its organisation, for a plan check at a size the
 * planner takes seriously: a fresh id, and `set` for each other column that must differ, as SQL
 * over `n` (1 to `rows`), e.g. { reference: sql`'REF-W' || lpad(n::text, 6, '0')` }.
 */
export async function copyReferral(
  database: PlanDatabase,
  from: string,
  rows: number,
  set: Record<string, SQL> = {},
) {
  const changed = ["id", ...Object.keys(set)];
  const kept = await copiedColumns(database, "referral", changed);
  const keptFrom = await copiedColumns(database, "referral", changed, "r.");
  const names = sql.raw(changed.map((name) => `"${name}"`).join(", "));
  const values = sql.join([sql`gen_random_uuid()`, ...Object.values(set)], sql`, `);
  await database.db.execute(sql`
    insert into referral (${sql.raw(kept)}, ${names})
    select ${sql.raw(keptFrom)}, ${values}
    from referral r, generate_series(1, ${rows}::int) n where r.id = ${from}`);
}

/**
 * ANALYZE as the tables' owner, so the planner knows what a test just inserted. In the PostgreSQL
 * pass the tests run as the app role, which owns nothing, and PostgreSQL skips a table its caller
 * does not own with only a warning: the plans were then chosen on empty statistics.
 */
export async function analyzeTables(database: DatabaseHandle, tables: readonly string[]) {
  const owner = await openTestDatabaseAsOwner(database);
  try {
    for (const table of tables) await owner.db.execute(sql.raw(`analyze ${table}`));
  } finally {
    await owner.close();
  }
}
