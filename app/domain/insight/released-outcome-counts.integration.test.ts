import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insightCount, insightCountedReport, referral } from "~/db/schema/index.ts";
import { openAssessmentLink } from "~/domain/assessments/open-assessment-link.server.ts";
import { approveReport } from "~/domain/reports/approve-report.server.ts";
import type { ManagementReportBody, ReportBody } from "~/domain/reports/report-body.ts";
import { withholdReportConsent } from "~/domain/reports/withhold-report-consent.server.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import { subjectScopeForTest } from "~tests/support/assessments.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { summedInsightCounts } from "~tests/support/insight.ts";
import { createSentReport, sendRevisedVersionForTest } from "~tests/support/reports.ts";
import { countEarlierReleases } from "./count-earlier-releases.server.ts";

/*
 * The outcomes of released reports in the management information (docs/architecture.md,
 * "Management information"): reports released before the counts existed are counted once by the
 * start-up back-fill, however often and however many processes run it, and an approved amendment
 * moves its person from the old outcome to the new one, where a withheld amendment leaves them.
 */
const database = testDatabaseForFile();
const origin = { ip: null, requestId: "released-outcome-counts" };
const quietJobs = testAdapters({ jobs: { send: async () => null } });

const body = (
  fitness: "fit" | "fit-with-adjustments" | "unfit-for-current-role",
  equalityActView: "likely" | "may" | "unlikely",
  adjustments: ManagementReportBody["adjustments"] = [],
): ReportBody => ({
  kind: "management",
  answers: [],
  fitness,
  adjustments,
  equalityActView,
  summary: "A summary that never reaches the counts.",
});

/** The person approves the version now with them, through the product's own decision. */
async function approve(token: string, version: number, now: Date) {
  const opened = await openAssessmentLink(database.db, { token, origin, now });
  if (!opened.ok) throw new Error("the report link did not open");
  await approveReport(
    subjectScopeForTest(database.db, opened.link, { origin, adapters: quietJobs, now }),
    {
      version,
      releaseDiagnosis: false,
    },
  );
}

async function released(reportBody: ReportBody, now: Date) {
  const sent = await createSentReport(database.db, { body: reportBody, now });
  await approve(sent.token, 1, now);
  return sent;
}

/** The outcome counts of some organisations, as month/measure/key → value (zeros left out). */
async function outcomeCounts(organisationIds: string[]) {
  const rows = await summedInsightCounts(
    database.db,
    insightCount.month,
    and(
      inArray(insightCount.organisationId, organisationIds),
      inArray(insightCount.measure, ["outcome", "adjustment", "equality_act"]),
    ),
  );
  return Object.fromEntries(rows.map((r) => [`${r.by} ${r.measure}:${r.key}`, r.value]));
}

describe("released reports' outcomes in the insight counts", () => {
  it("counts reports released before the counts existed once, however often and however many run the back-fill", async () => {
    const march = new Date("2026-03-10T10:00:00Z");
    const april = new Date("2026-04-20T10:00:00Z");
    const made = [
      await released(body("fit", "unlikely"), march),
      await released(body("fit", "unlikely"), march),
      await released(
        body("fit-with-adjustments", "may", [
          { text: "Phased return", weeks: 4 },
          "Desk assessment",
        ]),
        march,
      ),
      await released(
        body("fit-with-adjustments", "likely", [{ text: "Ramp", lasting: true }]),
        april,
      ),
      await released(body("unfit-for-current-role", "likely"), april),
    ];
    const organisations = made.map((m) => m.referral.organisationId);
    const expected = {
      "2026-03-01 outcome:fit": 2,
      "2026-03-01 equality_act:unlikely": 2,
      "2026-03-01 outcome:fit-with-adjustments": 1,
      "2026-03-01 adjustment:weeks": 1,
      "2026-03-01 adjustment:no_term": 1,
      "2026-03-01 equality_act:may": 1,
      "2026-04-01 outcome:fit-with-adjustments": 1,
      "2026-04-01 adjustment:lasting": 1,
      "2026-04-01 outcome:unfit-for-current-role": 1,
      "2026-04-01 equality_act:likely": 2,
    };
    // Released through the product, the counts are right already.
    expect(await outcomeCounts(organisations)).toEqual(expected);

    // The state of a database whose reports were released before outcomes were counted: no mark
    // and no outcome (what the migration that adds the marks leaves, to count afresh).
    await database.db
      .delete(insightCountedReport)
      .where(inArray(insightCountedReport.organisationId, organisations));
    await database.db
      .delete(insightCount)
      .where(
        and(
          inArray(insightCount.organisationId, organisations),
          inArray(insightCount.measure, ["outcome", "adjustment", "equality_act"]),
        ),
      );
    expect(await outcomeCounts(organisations)).toEqual({});

    // Two processes starting at once each count some, and every report exactly once.
    const [first, second] = await Promise.all([
      countEarlierReleases(database.db),
      countEarlierReleases(database.db),
    ]);
    expect(first!.counted + second!.counted).toBe(made.length);
    expect(await outcomeCounts(organisations)).toEqual(expected);

    // A later start finds nothing to count and changes nothing.
    expect(await countEarlierReleases(database.db)).toEqual({ counted: 0, left: [] });
    expect(await outcomeCounts(organisations)).toEqual(expected);
    // No count holds a word of a report: only keys from the fixed categories.
    const keys = await database.db
      .selectDistinct({ key: insightCount.key })
      .from(insightCount)
      .where(inArray(insightCount.organisationId, organisations));
    expect(JSON.stringify(keys)).not.toMatch(/summary|Phased|Desk|Ramp|REF-|REP-/);
  });

  it("moves an approved amendment's person to the new outcome, and leaves a withheld one's", async () => {
    const may = new Date("2026-05-05T10:00:00Z");
    const sent = await released(
      body("fit-with-adjustments", "may", [{ text: "Phased return", weeks: 4 }]),
      may,
    );
    const organisations = [sent.referral.organisationId];
    const [before] = await database.db
      .select({ completedAt: referral.completedAt })
      .from(referral)
      .where(eq(referral.id, sent.referral.id));
    const turnaround = async () =>
      database.db
        .select({ month: insightCount.month, key: insightCount.key, value: insightCount.value })
        .from(insightCount)
        .where(
          and(
            eq(insightCount.organisationId, sent.referral.organisationId),
            eq(insightCount.measure, "turnaround"),
            sql`${insightCount.value} <> 0`,
          ),
        );
    const turnaroundBefore = await turnaround();
    expect(await outcomeCounts(organisations)).toEqual({
      "2026-05-01 outcome:fit-with-adjustments": 1,
      "2026-05-01 adjustment:weeks": 1,
      "2026-05-01 equality_act:may": 1,
    });

    // Amended in June and approved: still one person, in May, now with the new outcome.
    const june = new Date("2026-06-02T10:00:00Z");
    const amended = await sendRevisedVersionForTest(database.db, {
      reportId: sent.report.id,
      body: body("unfit-for-current-role", "likely"),
      now: june,
    });
    await approve(amended.token, amended.version, june);
    const afterAmendment = {
      "2026-05-01 outcome:unfit-for-current-role": 1,
      "2026-05-01 equality_act:likely": 1,
    };
    expect(await outcomeCounts(organisations)).toEqual(afterAmendment);
    // The case completed at its first release: its turnaround is not counted again.
    const [after] = await database.db
      .select({ completedAt: referral.completedAt })
      .from(referral)
      .where(eq(referral.id, sent.referral.id));
    expect(after?.completedAt).toEqual(before?.completedAt);
    expect(await turnaround()).toEqual(turnaroundBefore);

    // A second amendment the person withholds: the employer still reads version 2, and so do the counts.
    const withheld = await sendRevisedVersionForTest(database.db, {
      reportId: sent.report.id,
      body: body("fit", "unlikely"),
      now: june,
    });
    const opened = await openAssessmentLink(database.db, {
      token: withheld.token,
      origin,
      now: june,
    });
    if (!opened.ok) throw new Error("the report link did not open");
    await withholdReportConsent(
      subjectScopeForTest(database.db, opened.link, { origin, adapters: quietJobs, now: june }),
      { version: withheld.version },
    );
    expect(await outcomeCounts(organisations)).toEqual(afterAmendment);
    // The back-fill finds it counted.
    await countEarlierReleases(database.db);
    expect(await outcomeCounts(organisations)).toEqual(afterAmendment);
    const [mark] = await database.db
      .select({ version: insightCountedReport.version, month: insightCountedReport.month })
      .from(insightCountedReport)
      .where(eq(insightCountedReport.reportId, sent.report.id));
    expect(mark).toEqual({ version: amended.version, month: "2026-05-01" });
  });
});
