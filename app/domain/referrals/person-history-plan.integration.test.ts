import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createInvitedReferralForTest } from "~tests/support/assessments.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { copiedColumns, explainAnalyze, statementsOf } from "~tests/support/query-plans.ts";
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
      insert into referral (${sql.raw(await copiedColumns(database, "referral", ["id", "reference", "subject_email"]))}, id, reference, subject_email)
      select ${sql.raw(await copiedColumns(database, "referral", ["id", "reference", "subject_email"], "r."))},
             gen_random_uuid(), 'REF-H' || lpad(n::text, 6, '0'), 'person' || n || '@example.org'
      from referral r, generate_series(1, 2000) n where r.id = ${r.id}`);
    await database.db.execute(sql`analyze referral`);
    const scope = employerScopeForTest(database.db, actor);

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
