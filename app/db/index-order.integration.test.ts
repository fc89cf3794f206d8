import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";

const database = testDatabaseForFile();

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe("indexes that serve a newest-first order", () => {
  it("are DESC NULLS FIRST, the order `ORDER BY x DESC` asks for", async () => {
    const indexes = await rows<{ name: string; definition: string }>(
      sql`select indexname as name, indexdef as definition from pg_indexes
          where schemaname = 'public' and indexdef ilike '% desc%'`,
    );
    expect(indexes.map((i) => i.name)).toContain("referral_activity_organisation_idx");
    for (const index of indexes) expect(index.definition, index.name).not.toMatch(/NULLS LAST/i);
  });

  it("read Recent Activity's latest entries straight from the index, with no sort", async () => {
    // With scans that ignore order switched off, the planner must either walk the index in the
    // query's order or sort: a sort here means the index no longer matches the query.
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const result = (await tx.execute(
        sql`explain select ra.id, ra.kind, ra.created_at from referral_activity ra
            where ra.organisation_id = 'org-plan' order by ra.created_at desc, ra.id desc limit 8`,
      )) as unknown as { rows: { "QUERY PLAN": string }[] };
      return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toMatch(/Index Scan using referral_activity_organisation_idx/);
    expect(plan).not.toMatch(/Sort/);
  });
});

describe("the subject access lookup", () => {
  it("finds a person's referrals by e-mail through an index, not by reading every referral", async () => {
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(
        sql`explain select id from referral where lower(trim(subject_email)) = 'someone@example.org'`,
      )) as unknown as { rows: { "QUERY PLAN": string }[] };
      return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toMatch(/Index.* Scan (using|on) referral_subject_email_idx/);
  });
});
