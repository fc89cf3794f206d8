import { eq, ne, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditEvent,
  clinicalCount,
  clinicalHours,
  referral,
  reportVersion,
} from "~/db/schema/index.ts";
import { openAssessmentLink } from "~/domain/assessments/open-assessment-link.server.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import type { Database } from "~/domain/kernel/database.ts";
import { approveReport } from "~/domain/reports/approve-report.server.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import { subjectScopeForTest } from "~tests/support/assessments.ts";
import { createDoctorRecordForTest } from "~tests/support/consultations.ts";
import { forFile } from "~tests/support/database-fixture.ts";
import { adminScopeForTest } from "~tests/support/referrals.ts";
import {
  createSentReport,
  managementBodyForTest,
  releaseSentReportForTest,
  sendRevisedVersionForTest,
} from "~tests/support/reports.ts";
import { createTestDatabase } from "~tests/support/test-database.ts";
import { clinicalHoursBucket } from "./clinical-hours.ts";
import { clinicalCountReads, getClinicalInsight } from "./get-clinical-insight.server.ts";
import { insightPeriod } from "./insight-period.ts";

/*
 * The counts behind the clinical lead's view (`clinical_count`, docs/architecture.md,
 * "Management information"): after every kind of change the view counts (a release, an amendment
 * and its re-release, a decision changed, an urgent flag and its contact, a reassignment, a
 * release moved to another month or undone, a decline, a refusal to sign), what the triggers hold
 * equals the same counts made directly from the referrals, report versions and audit trail, so a
 * trigger that missed a change, or counted a case twice, fails here. The view reads figures off
 * those counts, and its statements read no referral.
 */
const database = forFile(createTestDatabase, (handle) => handle.close());
const origin = { ip: null, requestId: "clinical-counts" };
const hour = 3_600_000;
const monthOf = (at: Date) => `${at.toISOString().slice(0, 7)}-01`;
const hoursBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / hour;

/** What `clinical_count` should hold, counted here from the rows themselves. */
async function countedFromTheRows(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const add = (month: string, measure: string, doctor: string, key: string) => {
    const k = `${month} ${measure} ${doctor} ${key}`;
    counts[k] = (counts[k] ?? 0) + 1;
  };
  for (const r of await db.select().from(referral)) {
    if (r.submittedAt && r.completedAt) {
      const month = monthOf(r.completedAt);
      const bucket = (from: Date, to: Date) => String(clinicalHoursBucket(hoursBetween(from, to)));
      add(month, "turnaround", r.assignedDoctorId ?? "", bucket(r.submittedAt, r.completedAt));
      if (r.reviewStartedAt) add(month, "queue", "", bucket(r.submittedAt, r.reviewStartedAt));
      if (r.reviewStartedAt && r.reportSentAt)
        add(month, "review", "", bucket(r.reviewStartedAt, r.reportSentAt));
      if (r.reportSentAt) add(month, "person_review", "", bucket(r.reportSentAt, r.completedAt));
      add(month, "sla", "", !r.slaDueAt || r.completedAt <= r.slaDueAt ? "on_time" : "late");
    }
    if (r.urgentAt) {
      add(monthOf(r.urgentAt), "urgent", "", "flagged");
      if (r.safetyContactedAt) {
        add(monthOf(r.urgentAt), "urgent", "", "contacted");
        add(
          monthOf(r.urgentAt),
          "first_contact",
          "",
          String(clinicalHoursBucket(hoursBetween(r.urgentAt, r.safetyContactedAt))),
        );
      }
    }
    if (r.status === "declined" && r.closedAt) add(monthOf(r.closedAt), "declined", "", "");
  }
  const versions = await db
    .select({ decidedAt: reportVersion.decidedAt, decision: reportVersion.subjectDecision })
    .from(reportVersion);
  for (const v of versions)
    if (v.decidedAt) add(monthOf(v.decidedAt), "decision", "", v.decision ?? "");
  const refusals = await db
    .select({ at: auditEvent.occurredAt, details: auditEvent.details })
    .from(auditEvent)
    .where(eq(auditEvent.action, "doctor.report_sign_refused"));
  for (const e of refusals)
    for (const problem of (e.details.problems as string[] | undefined) ?? [])
      add(monthOf(e.at), "refusal", "", problem);
  return counts;
}

async function countsHeld(db: Database): Promise<Record<string, number>> {
  const held: Record<string, number> = {};
  for (const r of await db.select().from(clinicalCount).where(ne(clinicalCount.value, 0)))
    held[`${r.month} ${r.measure}  ${r.key}`] = r.value;
  for (const r of await db.select().from(clinicalHours)) {
    expect(r.counts).toHaveLength(163);
    for (const [bucket, n] of r.counts.entries())
      if (n !== 0) held[`${r.month} ${r.measure} ${r.doctorId} ${bucket}`] = n;
  }
  return held;
}

async function expectCountsToMatchTheRows() {
  const db = database().db;
  expect(await countsHeld(db)).toEqual(await countedFromTheRows(db));
}

async function approveVersion(token: string, version: number, now: Date) {
  const db = database().db;
  const opened = await openAssessmentLink(db, { token, origin, now });
  if (!opened.ok) throw new Error("the report link did not open");
  await approveReport(
    subjectScopeForTest(db, opened.link, {
      origin,
      now,
      adapters: testAdapters({ jobs: { send: async () => null } }),
    }),
    { version, releaseDiagnosis: false },
  );
}

const adminScope = (now: Date) =>
  adminScopeForTest(database().db, "admin-clinical-lead", now, origin.requestId);

describe("the clinical lead's counts", () => {
  it("equal the counts made from the cases after every change they count", async () => {
    const db = database().db;
    const now = new Date();
    await expectCountsToMatchTheRows();

    // Three releases through the person's approval.
    const sent = [];
    for (let i = 0; i < 3; i++) {
      const s = await createSentReport(db, { now: new Date(now.getTime() - (10 + i) * hour) });
      await releaseSentReportForTest(db, s, { origin, now });
      sent.push(s);
    }
    await expectCountsToMatchTheRows();
    expect((await countsHeld(db))[`${monthOf(now)} sla  on_time`]).toBe(3);

    // An amendment of the first, sent and approved: a second decision, the release counted once.
    const [first, second, third] = sent;
    if (!first || !second || !third) throw new Error("three reports were made");
    const revised = await sendRevisedVersionForTest(db, {
      reportId: first.report.id,
      body: managementBodyForTest,
      now,
    });
    await expectCountsToMatchTheRows();
    await approveVersion(revised.token, revised.version, new Date(now.getTime() + hour));
    await expectCountsToMatchTheRows();
    const held = await countsHeld(db);
    expect(held[`${monthOf(now)} sla  on_time`]).toBe(3);
    expect(held[`${monthOf(now)} decision  approved`]).toBe(4);

    // A decision on a version still with the person, changed after it was counted (an approved
    // version is frozen), moves, and is not counted twice.
    const undecided = await createSentReport(db, { now });
    await db
      .update(reportVersion)
      .set({ subjectDecision: "correction", decidedAt: now })
      .where(eq(reportVersion.reportId, undecided.report.id));
    await expectCountsToMatchTheRows();
    await db
      .update(reportVersion)
      .set({ subjectDecision: "withheld", decidedAt: new Date(now.getTime() - 40 * 24 * hour) })
      .where(eq(reportVersion.reportId, undecided.report.id));
    await expectCountsToMatchTheRows();

    // Reassigned to another doctor, then the release moved back a month (a re-release), then
    // undone (the case reopened): the case leaves the old bucket each time.
    const other = await createDoctorRecordForTest(db, "Dr Ben Okafor");
    await db
      .update(referral)
      .set({ assignedDoctorId: other.id, slaDueAt: new Date(now.getTime() - 48 * hour) })
      .where(eq(referral.id, second.referral.id));
    await expectCountsToMatchTheRows();
    await db
      .update(referral)
      .set({ completedAt: new Date(now.getTime() - 35 * 24 * hour) })
      .where(eq(referral.id, second.referral.id));
    await expectCountsToMatchTheRows();
    await db.update(referral).set({ completedAt: null }).where(eq(referral.id, third.referral.id));
    await expectCountsToMatchTheRows();

    // An urgent flag on a case in review, then its first contact 7 hours later.
    const flagged = await createSentReport(db, { now });
    await db
      .update(referral)
      .set({ urgent: true, urgentAt: new Date(now.getTime() - 8 * hour) })
      .where(eq(referral.id, flagged.referral.id));
    await expectCountsToMatchTheRows();
    expect((await countsHeld(db))[`${monthOf(now)} urgent  contacted`]).toBeUndefined();
    await db
      .update(referral)
      .set({ safetyContactedAt: new Date(now.getTime() - hour) })
      .where(eq(referral.id, flagged.referral.id));
    await expectCountsToMatchTheRows();
    expect((await countsHeld(db))[`${monthOf(now)} first_contact  7`]).toBe(1);

    // A decline, and two refusals to sign (one naming two problems).
    await db
      .update(referral)
      .set({ status: "declined", closedAt: now })
      .where(eq(referral.id, flagged.referral.id));
    await expectCountsToMatchTheRows();
    for (const problems of [["incomplete", "needs-consent"], ["incomplete"]])
      await recordAuditEvent(db, {
        action: "doctor.report_sign_refused",
        outcome: "denied",
        details: { fields: ["summary"], problems },
      });
    await expectCountsToMatchTheRows();
    expect((await countsHeld(db))[`${monthOf(now)} refusal  incomplete`]).toBe(2);

    // A version removed takes its decision with it.
    await db.delete(reportVersion).where(eq(reportVersion.reportId, undecided.report.id));
    await expectCountsToMatchTheRows();
  });

  it("give the view its figures, read off the hour buckets", async () => {
    const db = database().db;
    // A month of its own, long past, so the other test's cases are not in it.
    const start = new Date("2020-01-06T09:00:00Z");
    const doctor = await createDoctorRecordForTest(db, "Dr Clara Lead");
    const hours = [2.5, 3.5, 4.5, 5.5, 6.5, 30.2];
    const contactHours = [1.2, 2.2, 3.2, 4.2, 50];
    for (const [i, h] of hours.entries()) {
      const sent = await createSentReport(db, { now: start });
      await db
        .update(referral)
        .set({
          assignedDoctorId: doctor.id,
          submittedAt: start,
          reviewStartedAt: new Date(start.getTime() + 0.5 * hour),
          reportSentAt: new Date(start.getTime() + 1.75 * hour),
          completedAt: new Date(start.getTime() + h * hour),
          slaDueAt: new Date(start.getTime() + 48 * hour),
          ...(contactHours[i] === undefined
            ? {}
            : {
                urgent: true,
                urgentAt: start,
                safetyContactedAt: new Date(start.getTime() + contactHours[i] * hour),
              }),
        })
        .where(eq(referral.id, sent.referral.id));
      await db
        .update(reportVersion)
        .set({ subjectDecision: "approved", decidedAt: new Date(start.getTime() + h * hour) })
        .where(eq(reportVersion.reportId, sent.report.id));
    }
    await db.insert(auditEvent).values({
      action: "doctor.report_sign_refused",
      outcome: "denied",
      occurredAt: start,
      details: { fields: ["summary"], problems: ["doctor-only"] },
    });
    await expectCountsToMatchTheRows();

    const insight = await getClinicalInsight(
      adminScope(new Date("2020-02-01T00:00:00Z")),
      insightPeriod({ period: "custom", from: "2020-01", to: "2020-01" }, new Date()),
    );
    const chart = (id: string) => insight.charts.find((c) => c.id === id);
    const shown = (value: number) => ({ suppressed: false, value });
    // Nearest rank: the 3rd of 6 (4.5 h, "within 5 hours") and the 6th (30.2 h, "within 31").
    expect(chart("turnaround-by-doctor")?.rows).toEqual([
      {
        key: "Dr Clara Lead",
        label: "Dr Clara Lead (6 reports)",
        cells: [shown(5), shown(31)],
      },
    ]);
    expect(chart("turnaround-by-stage")?.rows.map((r) => [r.key, r.cells])).toEqual([
      ["queue", [shown(1), shown(1)]],
      ["review", [shown(2), shown(2)]],
      // 0.75, 1.75, 2.75, 3.75, 4.75 and 28.45 hours with the person.
      ["person", [shown(3), shown(29)]],
    ]);
    expect(chart("sla-breaches")?.rows).toEqual([
      {
        key: "2020-01-01",
        label: expect.any(String),
        cells: [shown(6), shown(0)],
        total: shown(6),
      },
    ]);
    expect(chart("urgent-flags")?.rows.map((r) => r.cells)).toEqual([[shown(4)], [shown(51)]]);
    expect(chart("urgent-flags")?.note).toBe("Contacted: 5; not yet contacted: 0.");
    expect(chart("decisions")?.rows.find((r) => r.key === "approved")?.cells).toEqual([shown(6)]);
    expect(
      chart("release-check-refusals")?.rows.find((r) => r.key === "doctor-only")?.cells,
    ).toEqual([shown(1)]);
  });

  it("are all the view reads: its statements' plans touch no referral, version or audit event", async () => {
    const db = database().db;
    const reads = clinicalCountReads(
      db,
      insightPeriod({ period: "12", from: undefined, to: undefined }, new Date()),
    );
    const expected = [
      {
        statement: reads.byDoctor,
        relations: ["clinical_hours", "user"],
        index: "clinical_hours_",
      },
      { statement: reads.byStage, relations: ["clinical_hours"], index: "clinical_hours_" },
      { statement: reads.counts, relations: ["clinical_count"], index: "clinical_count_" },
    ];
    for (const { statement, relations, index } of expected) {
      // With sequential scans off, as on a large table, the rows are reached by the month.
      const plan = await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = (await tx.execute(
          sql`explain (format json) ${statement.getSQL()}`,
        )) as unknown as { rows: { "QUERY PLAN": unknown }[] };
        return JSON.stringify(result.rows[0]?.["QUERY PLAN"]);
      });
      const read = new Set([...plan.matchAll(/"Relation Name":\s*"([^"]+)"/g)].map((m) => m[1]));
      expect([...read].sort()).toEqual(relations);
      expect(plan).toMatch(new RegExp(`"Index Name":\\s*"${index}month_`));
      expect(plan).toMatch(/"Index Cond":\s*"\(\(month >= /);
    }
  });
});
