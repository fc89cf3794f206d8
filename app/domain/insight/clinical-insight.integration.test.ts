import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvent, insightCount, insightCountedReport } from "~/db/schema/index.ts";
import { openAssessmentLink } from "~/domain/assessments/open-assessment-link.server.ts";
import { approveReport } from "~/domain/reports/approve-report.server.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import { subjectScopeForTest } from "~tests/support/assessments.ts";
import { forFile } from "~tests/support/database-fixture.ts";
import { adminScopeForTest, employerScopeForTest } from "~tests/support/referrals.ts";
import { createSentReport } from "~tests/support/reports.ts";
import { createTestDatabase } from "~tests/support/test-database.ts";
import { exportAuditSample } from "./export-audit-sample.server.ts";
import { getClinicalInsight } from "./get-clinical-insight.server.ts";
import { insightCsv } from "./insight-csv.ts";
import { insightPeriod } from "./insight-period.ts";

/*
 * The clinical lead's view and the audit sample (docs/architecture.md, "Management
 * information"): an administrator reads them, anyone else is refused; a released report is in
 * the turnaround and the sample; drawing the sample is audited with the reports drawn.
 */
const database = forFile(createTestDatabase, (handle) => handle.close());
const now = new Date();
const origin = { ip: null, requestId: "clinical-insight" };
const adminScope = () =>
  adminScopeForTest(database().db, "admin-clinical-lead", now, origin.requestId);

async function releasedReport() {
  const db = database().db;
  const sent = await createSentReport(db, { now });
  const opened = await openAssessmentLink(db, { token: sent.token, origin });
  if (!opened.ok) throw new Error("the report link did not open");
  await approveReport(
    subjectScopeForTest(db, opened.link, {
      origin,
      adapters: testAdapters({ jobs: { send: async () => null } }),
    }),
    { version: 1, releaseDiagnosis: false },
  );
  return sent;
}

describe("the clinical lead's insight", () => {
  it("counts a released report and draws it into the quarter's audit sample, audited", async () => {
    const sent = await releasedReport();
    const insight = await getClinicalInsight(
      adminScope(),
      insightPeriod({ period: "3", from: undefined, to: undefined }, now),
    );
    const byDoctor = insight.charts.find((c) => c.id === "turnaround-by-doctor");
    expect(byDoctor?.rows.map((r) => r.label)).toEqual(["Dr Amira Shah (fewer than 5 reports)"]);
    // One report is too few for a time to be given.
    expect(byDoctor?.rows[0]?.cells).toEqual([{ suppressed: true }, { suppressed: true }]);
    const decisions = insight.charts.find((c) => c.id === "decisions");
    expect(decisions?.rows.find((r) => r.key === "approved")?.cells).toEqual([
      { suppressed: true },
    ]);

    // Neither the page's figures (all its loader returns of the case: its `.data`), nor its CSV,
    // nor the counts behind the insight pages carry a name, a reference, an address or a word of
    // the report: the person is a count, the doctor a name.
    const db = database().db;
    const stored = JSON.stringify([
      await db.select().from(insightCount),
      await db.select().from(insightCountedReport),
    ]);
    for (const payload of [
      JSON.stringify(insight),
      insightCsv("Clinical insight", insight.charts),
      stored,
    ]) {
      for (const secret of [
        sent.referral.subjectName,
        sent.referral.subjectEmail,
        sent.referral.reference,
        sent.report.reference,
        "off work since March",
        "depressive",
        "Phased return",
      ])
        expect(payload).not.toContain(secret);
    }
    expect(JSON.stringify(insight)).toContain("Dr Amira Shah");

    const quarter = `${now.getUTCFullYear()}-Q${Math.floor(now.getUTCMonth() / 3) + 1}`;
    const sample = await exportAuditSample(adminScope(), { quarter, perDoctor: 5 });
    expect(sample.reports).toBe(1);
    expect(sample.csv).toContain(sent.report.reference);
    expect(sample.csv).toContain(sent.referral.reference);
    const [drawn] = await database()
      .db.select({ details: auditEvent.details })
      .from(auditEvent)
      .where(
        and(
          eq(auditEvent.action, "insight.audit_sample_exported"),
          eq(auditEvent.actorId, "admin-clinical-lead"),
        ),
      );
    expect(drawn?.details).toEqual({ quarter, perDoctor: 5, reports: [sent.report.reference] });

    // Another quarter has nothing of it.
    expect(
      (await exportAuditSample(adminScope(), { quarter: "2001-Q1", perDoctor: 5 })).reports,
    ).toBe(0);
  });

  it("is refused to anyone but an administrator", async () => {
    const employer = employerScopeForTest(database().db, {
      userId: "owner-elsewhere",
      organisationId: "org-elsewhere",
      organisationName: "Elsewhere",
    });
    const period = insightPeriod({ period: "3", from: undefined, to: undefined }, now);
    await expect(getClinicalInsight(employer, period)).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      exportAuditSample(employer, { quarter: "2026-Q1", perDoctor: 1 }),
    ).rejects.toMatchObject({ code: "forbidden" });
  });
});
