import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createInvitedReferralForTest } from "~tests/support/assessments.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import {
  analyzeTables,
  copyReferral,
  explainAnalyze,
  statementsOf,
} from "~tests/support/query-plans.ts";
import { employerScopeForTest } from "~tests/support/referrals.ts";
import { listReferrals } from "./list-referrals.server.ts";
import { earlierPersonUnderAnotherName, getPersonHistory } from "./person-history.server.ts";

/*
 * The plans of the employer's reads that search the organisation's referrals, each checked at a
 * size where the planner must choose (docs/perf-notes-growth.md):
 * - a name searched on the list reads the organisation's word index: a rare full name reads its
 *   few matches, never the organisation's history in time order ("A rare name");
 * - a reference's beginning reads the organisation's own reference index;
 * - the person's history reads one person's rows off the (organisation, address) index
 *   (docs/architecture.md §4, "The person's history"), never a scan of the organisation's.
 */
const database = testDatabaseForFile();
// A name is one of 10 first and 10 last names: a full name is one referral in a hundred.
const first = "Priya Amir John Sara Omar Ewa Tom Ana Raj Kim".split(" ");
const last = "Okafor Smith Jones Patel Khan Brown Nowak Wong Silva Lee".split(" ");
const textArray = (items: string[]) => sql.raw(`array[${items.map((i) => `'${i}'`).join(", ")}]`);
// Each test writes 2,000 referrals (every one through the insight triggers) and analyses the
// table. With the browser tests running beside them on two cores (`npm test`) they took over
// the default 30 s, and a CI run failed on time alone.
const manyRows = { timeout: 120_000 };

/**
 * A management referral and 2,000 more in its organisation, copied from it with the columns in
 * `copies` set per copy (`n` numbers them), the table analysed for the planner, and the
 * employer's scope that reads them: the organisation at a size where a plan must choose.
 */
async function referralAmong2000(copies: Record<string, SQL>) {
  const { referral, actor } = await createInvitedReferralForTest(database.db, {
    type: "management",
  });
  await copyReferral(database, referral.id, 2000, copies);
  await analyzeTables(database, ["referral"]);
  return { referral, scope: employerScopeForTest(database.db, actor) };
}

describe("the employer list's name search", manyRows, () => {
  it("finds words by their beginning, in any order, off the word index", async () => {
    // 2,000 more referrals in the organisation, one in a hundred named Priya Okafor. At this size
    // reading every row is cheapest, so the plans below are asked with sequential scans off:
    // whether the word index serves the statement as written (the growth bench shows the
    // planner's choice at 100,000).
    const { scope } = await referralAmong2000({
      reference: sql`'REF-W' || lpad(n::text, 6, '0')`,
      subject_email: sql`'w' || n || '@example.org'`,
      subject_name: sql`(${textArray(first)})[1 + n % 10] || ' ' || (${textArray(last)})[1 + (n / 10) % 10]`,
      created_at: sql`now() - n * interval '1 minute'`,
    });

    const names = async (search: string) =>
      new Set((await listReferrals(scope, { search })).rows.map((row) => row.subjectName));
    expect(await names("priya okafor")).toEqual(new Set(["Priya Okafor"]));
    expect(await names("OKAFOR pri")).toEqual(new Set(["Priya Okafor"]));
    // The beginning of a word, not its middle.
    expect(await names("riya okafor")).toEqual(new Set());
    // Another organisation's Priya Okafor is theirs: the words are held per organisation.
    const elsewhere = await createInvitedReferralForTest(database.db, { type: "management" });
    await database.db.execute(
      sql`update referral set subject_name = 'Priya Okafor' where id = ${elsewhere.referral.id}`,
    );
    const found = await listReferrals(scope, { search: "priya okafor" });
    expect(found.rows.map((row) => row.id)).not.toContain(elsewhere.referral.id);
    expect(
      (
        await listReferrals(employerScopeForTest(database.db, elsewhere.actor), {
          search: "priya okafor",
        })
      ).rows.map((row) => row.id),
    ).toEqual([elsewhere.referral.id]);

    // A rare name and a word nothing begins with: each is read off the word index first, and the
    // page then orders those few candidates, never walking the organisation's rows in time order
    // and parsing each one's words.
    for (const search of ["priya okafor", "zzqx"]) {
      const statements = await statementsOf(database, () => listReferrals(scope, { search }));
      const probe = statements.find((s) => /"search_words" @@/.test(s.text));
      expect(probe, `the word index's read for ${search}`).toBeDefined();
      // The read off the index has no order, so nothing invites a walk in time order; at this
      // size the planner may read the organisation's rows, at 100,000 it takes the word index.
      expect(await explainAnalyze(database, probe!)).not.toMatch(
        /referral_organisation_created_idx|referral_organisation_status_idx/,
      );
      // The word index serves the words as the product writes them.
      const words = probe!.values.find((v) => typeof v === "string" && v.includes(":*"));
      const byWords = await explainAnalyze(
        database,
        { text: 'select id from referral where "search_words" @@ $1::tsquery', values: [words] },
        { indexOnly: true },
      );
      expect(byWords).toMatch(/referral_search_words_idx/);
      // The page then orders the candidates, by id: the words are read once.
      expect(statements.filter((s) => /"search_words" @@/.test(s.text))).toHaveLength(1);
      expect(statements.at(-1)!.text).toMatch(/= any\(/);
    }
  });

  it("reads a reference's beginning off the organisation's own reference index", async () => {
    const mine = await createInvitedReferralForTest(database.db, { type: "management" });
    const theirs = await createInvitedReferralForTest(database.db, { type: "management" });
    // The other organisation holds 2,000 references beginning REF-0, the caller's none: read by
    // the prefix alone, the reference index of every organisation would read all of theirs (the
    // planner chose that in the growth bench, where the caller held half the table; at a test's
    // size it does not, so this checks the index the range is written for).
    for (const [from, start] of [
      [theirs.referral.id, "REF-0"],
      [mine.referral.id, "REF-2"],
    ] as const)
      await copyReferral(database, from, 2000, {
        reference: sql`${start} || lpad(n::text, 6, '0')`,
        subject_email: sql`${start} || n || '@example.org'`,
      });
    await analyzeTables(database, ["referral"]);
    const scope = employerScopeForTest(database.db, mine.actor);

    const statements = await statementsOf(database, () =>
      listReferrals(scope, { search: "ref-0" }),
    );
    const probe = statements.find((s) => /like/.test(s.text));
    expect(probe, "the reference index's read").toBeDefined();
    const plan = await explainAnalyze(database, probe!, { indexOnly: true });
    expect(plan).toMatch(/referral_organisation_reference_idx/);
    expect(plan).not.toMatch(/Rows Removed by Filter: \d{3,}/);
    const found = await listReferrals(scope, { search: "REF-2" });
    expect(found.rows.length).toBeGreaterThan(0);
    for (const row of found.rows) expect(row.reference.startsWith("REF-2")).toBe(true);
  });

  it("answers whatever is typed, without an error", async () => {
    const { actor } = await createInvitedReferralForTest(database.db, { type: "management" });
    const scope = employerScopeForTest(database.db, actor);
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "binary", minLength: 1, maxLength: 100 }),
        async (term) => {
          const found = await listReferrals(scope, { search: term });
          expect(Array.isArray(found.rows)).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("the person's history's cost", manyRows, () => {
  it("reads the person's rows off the organisation's address index", async () => {
    // 2,000 more referrals in the organisation, each about someone else, and the person's own.
    const { referral: r, scope } = await referralAmong2000({
      reference: sql`'REF-H' || lpad(n::text, 6, '0')`,
      subject_email: sql`'person' || n || '@example.org'`,
    });

    for (const run of [
      () => getPersonHistory(scope, r.id),
      () => earlierPersonUnderAnotherName(scope, { email: r.subjectEmail, name: "Someone Else" }),
    ]) {
      const statements = await statementsOf(database, run);
      const read = statements.find(
        (s) =>
          /lower\(trim\("referral"."subject_email"\)\)/.test(s.text) && /^select/i.test(s.text),
      );
      expect(read, "the statement that finds the person's referrals").toBeDefined();
      const plan = await explainAnalyze(database, read!);
      expect(plan).toMatch(/referral_organisation_subject_email_idx/);
      expect(plan).not.toMatch(/Seq Scan on referral|referral_organisation_created_idx/);
    }
  });
});
