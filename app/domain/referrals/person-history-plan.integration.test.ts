import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createInvitedReferralForTest } from "~tests/support/assessments.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { employerScopeForTest } from "~tests/support/referrals.ts";
import { earlierPersonUnderAnotherName, getPersonHistory } from "./person-history.server.ts";

/*
 * The person's history reads one person's rows of the organisation off the (organisation,
 * address) index (docs/architecture.md §4, "The person's history"), however many referrals the
 * organisation has: never a scan of the organisation's referrals.
 */
const database = testDatabaseForFile();

describe("the person's history's cost", () => {
  it("reads the person's rows off the organisation's address index", async () => {
    const { referral: r, actor } = await createInvitedReferralForTest(database.db, {
      type: "management",
    });
    // 2,000 more referrals in the organisation, each about someone else, and the person's own.
    await database.db.execute(sql`
      insert into referral (${sql.raw(await copiedColumns("referral", ["id", "reference", "subject_email"]))}, id, reference, subject_email)
      select ${sql.raw(await copiedColumns("referral", ["id", "reference", "subject_email"], "r."))},
             gen_random_uuid(), 'REF-H' || lpad(n::text, 6, '0'), 'person' || n || '@example.org'
      from referral r, generate_series(1, 2000) n where r.id = ${r.id}`);
    await database.db.execute(sql`analyze referral`);
    const scope = employerScopeForTest(database.db, actor);

    for (const run of [
      () => getPersonHistory(scope, r.id),
      () => earlierPersonUnderAnotherName(scope, { email: r.subjectEmail, name: "Someone Else" }),
    ]) {
      const statements = await statementsOf(run);
      const read = statements.find(
        (s) =>
          /lower\(trim\("referral"."subject_email"\)\)/.test(s.text) && /^select/i.test(s.text),
      );
      expect(read, "the statement that finds the person's referrals").toBeDefined();
      const plan = await explainAnalyze(read!);
      expect(plan).toMatch(/referral_organisation_subject_email_idx/);
      expect(plan).not.toMatch(/Seq Scan on referral|referral_organisation_created_idx/);
    }
  });
});

/** Every statement the database is handed while `run` runs, on either engine. */
async function statementsOf(run: () => Promise<unknown>) {
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
async function explainAnalyze({ text, values }: { text: string; values: unknown[] }) {
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

async function copiedColumns(table: string, except: string[], prefix = "") {
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
