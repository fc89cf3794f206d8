import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  auditEvent,
  referral,
  referralActivity,
  report,
  reportVersion,
} from "~/db/schema/index.ts";
import { openAssessmentLink } from "~/domain/assessments/open-assessment-link.server.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { systemScope } from "~/domain/kernel/scope.ts";
import { testAdapters, withAdapters } from "~tests/support/adapters.ts";
import { subjectScopeForTest } from "~tests/support/assessments.ts";
import { auditEventsAbout } from "~tests/support/audit.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { recordingMailer } from "~tests/support/mail.ts";
import { employerScopeForTest } from "~tests/support/referrals.ts";
import {
  createSentReport,
  managementBodyForTest,
  sendRevisedVersionForTest,
} from "~tests/support/reports.ts";
import { approveReport } from "./approve-report.server.ts";
import { getEmployerReport } from "./get-employer-report.server.ts";
import { getEmployerReportPdf } from "./get-employer-report-pdf.server.ts";
import {
  listEmployerReports,
  parseEmployerReportListQuery,
} from "./list-employer-reports.server.ts";
import { loadReportForSubject } from "./load-report-for-subject.server.ts";
import { claimReviewReminders, sendReviewReminder } from "./remind-report-review.server.ts";
import { REPORT_NOTIFICATION_JOB } from "./report-jobs.ts";
import { requestReportCorrection } from "./request-report-correction.server.ts";
import { sendReportNotification } from "./send-report-notification.server.ts";
import { withholdReportConsent } from "./withhold-report-consent.server.ts";

const database = testDatabaseForFile();
const sentJobs: { name: string; data: object }[] = [];
const jobs = {
  async send(name: string, data: object) {
    sentJobs.push({ name, data });
    return "job-id";
  },
};
const mailer = recordingMailer();
const mails = mailer.sent;
const publicUrl = "https://referoh.example";
let ip = 0;
const origin = () => ({ ip: `10.9.0.${++ip % 250}`, requestId: `req-${ip}` });
/** The report-notification job as it runs, sending through this file's mailer. */
const notificationJob = () =>
  withAdapters(systemScope(database.db, "report-notification", testAdapters()), {
    mailer,
    publicUrl,
  });

beforeEach(() => {
  sentJobs.length = 0;
  mails.length = 0;
});

async function open(token: string) {
  const opened = await openAssessmentLink(database.db, { token, origin: origin() });
  if (!opened.ok) throw new Error(`link did not open: ${opened.reason}`);
  return opened;
}

async function state(reportId: string) {
  const [row] = await database.db
    .select({ report, referral })
    .from(report)
    .innerJoin(referral, eq(referral.id, report.referralId))
    .where(eq(report.id, reportId));
  if (!row) throw new Error("missing");
  return row;
}

async function versionOf(reportId: string, version = 1) {
  const [row] = await database.db
    .select()
    .from(reportVersion)
    .where(and(eq(reportVersion.reportId, reportId), eq(reportVersion.version, version)));
  if (!row) throw new Error("missing version");
  return row;
}

/** A report job's scope at `now`. */
const reminderJob = (now: Date) =>
  systemScope(database.db, "report-review-reminders", testAdapters(), { now });

describe("the person's review", () => {
  it("shows the sent version, diagnosis included, and audits every read", async () => {
    const sent = await createSentReport(database.db);
    const { link, referral: current } = await open(sent.token);
    const view = await loadReportForSubject(
      subjectScopeForTest(database.db, link, { origin: origin() }),
      { referral: current },
    );
    expect(view?.state).toBe("awaiting_decision");
    if (view?.state !== "awaiting_decision") return;
    expect(view.hasDiagnosis).toBe(true);
    expect(view.sections.map((s) => s.heading)).toContain("Diagnosis");
    expect(view.signature).toContain(`GMC number ${sent.doctor.gmcNumber}`);
    // The person sees the header the employer will: basis and that nothing is released yet.
    expect(view.facts.map((f) => f.id)).toEqual(
      expect.arrayContaining(["referral-reason", "assessment-date", "basis", "consent"]),
    );
    expect(view.facts.find((f) => f.id === "consent")?.value).toMatch(/^Not released/);
    await loadReportForSubject(subjectScopeForTest(database.db, link), { referral: current });
    const reads = await auditEventsAbout(database.db, sent.report.id, "report.subject_viewed");
    expect(reads).toHaveLength(2);
    expect(JSON.stringify(reads)).not.toContain("depressive");
  });

  it("approves and releases in one step: frozen version, PDF and hash stored, referral complete", async () => {
    const sent = await createSentReport(database.db, { organisationName: "Acme <Tools> Ltd" });
    const { link } = await open(sent.token);
    const result = await approveReport(
      withAdapters(subjectScopeForTest(database.db, link, { origin: origin() }), { jobs }),
      { version: 1, releaseDiagnosis: false },
    );
    const after = await state(sent.report.id);
    expect(after.report.status).toBe("released");
    expect(after.report.releasedAt).not.toBeNull();
    expect(after.referral.status).toBe("complete");
    expect(after.referral.completedAt).not.toBeNull();
    const version = await versionOf(sent.report.id);
    expect(version.subjectDecision).toBe("approved");
    expect(version.diagnosisReleased).toBe(false);
    expect(version.pdf?.subarray(0, 5).toString()).toBe("%PDF-");
    const hash = createHash("sha256")
      .update(version.pdf ?? Buffer.alloc(0))
      .digest("hex");
    expect(version.pdfSha256).toBe(hash);
    expect(result.pdfSha256).toBe(hash);
    expect(sentJobs).toEqual([
      {
        name: REPORT_NOTIFICATION_JOB,
        data: { reportId: sent.report.id, kind: "released", version: 1 },
      },
    ]);
    const activity = await database.db
      .select({ kind: referralActivity.kind })
      .from(referralActivity)
      .where(eq(referralActivity.referralId, sent.referral.id));
    expect(activity.map((a) => a.kind)).toContain("released");

    // Frozen: no code path can change or delete the approved version, nor reopen the report.
    await expect(
      database.db
        .update(reportVersion)
        .set({ body: { ...managementBodyForTest, summary: "changed" } })
        .where(eq(reportVersion.id, version.id)),
    ).rejects.toThrow();
    await expect(
      database.db.delete(reportVersion).where(eq(reportVersion.id, version.id)),
    ).rejects.toThrow();
    await expect(
      database.db.update(report).set({ status: "draft" }).where(eq(report.id, sent.report.id)),
    ).rejects.toThrow();
    expect((await versionOf(sent.report.id)).pdfSha256).toBe(hash);

    // The employer is e-mailed a link to the report, nothing of its content.
    const { sent: count } = await sendReportNotification(notificationJob(), {
      reportId: sent.report.id,
      kind: "released",
    });
    // …and the person gets a personal link to download their copy for 30 days.
    expect(count).toBe(2);
    expect(mails[0]?.to).toBe(sent.employer.ownerEmail);
    expect(mails[0]?.text).toContain(`${publicUrl}/employer-report/${sent.report.reference}`);
    expect(mails[0]?.text).not.toContain("depressive");
    expect(mails[1]?.subject).toBe("Your occupational health report has been released");
    expect(mails[1]?.text).toMatch(/\/assessment\/[A-Za-z0-9_-]{43}\/report/);
    expect(mails[1]?.text).toContain("30 days");
    expect(mails[1]?.text).not.toContain("depressive");

    // A second decision on the same link is refused.
    await expect(
      withholdReportConsent(withAdapters(subjectScopeForTest(database.db, link), { jobs }), {
        version: 1,
      }),
    ).rejects.toBeInstanceOf(DomainError);
  });

  it("records the person's choice to release the diagnosis", async () => {
    const sent = await createSentReport(database.db);
    const { link } = await open(sent.token);
    await approveReport(withAdapters(subjectScopeForTest(database.db, link), { jobs }), {
      version: 1,
      releaseDiagnosis: true,
    });
    expect((await versionOf(sent.report.id)).diagnosisReleased).toBe(true);
    const shown = await getEmployerReport(
      employerScopeForTest(database.db, sent.actor),
      sent.report.reference,
    );
    expect(shown.state).toBe("released");
    if (shown.state !== "released") return;
    expect(shown.sections.find((s) => s.id === "diagnosis")?.text).toBe(
      "Moderate depressive episode",
    );
  });

  it("sends a correction back to the doctor, who is e-mailed; the revised version comes back", async () => {
    const sent = await createSentReport(database.db);
    const { link } = await open(sent.token);
    await expect(
      requestReportCorrection(withAdapters(subjectScopeForTest(database.db, link), { jobs }), {
        version: 1,
        comment: "   ",
      }),
    ).rejects.toBeInstanceOf(DomainError);
    await requestReportCorrection(withAdapters(subjectScopeForTest(database.db, link), { jobs }), {
      version: 1,
      comment: "I have been off since April, not March.",
    });
    const after = await state(sent.report.id);
    expect(after.report.status).toBe("correction_requested");
    expect(after.referral.status).toBe("in_review");
    expect(after.referral.correctionRequested).toBe(true);
    const version = await versionOf(sent.report.id);
    expect(version.subjectDecision).toBe("correction");
    expect(version.subjectComment).toBe("I have been off since April, not March.");
    expect(sentJobs[0]?.data).toEqual({
      reportId: sent.report.id,
      kind: "correction_requested",
      version: 1,
    });

    await sendReportNotification(notificationJob(), {
      reportId: sent.report.id,
      kind: "correction_requested",
    });
    expect(mails.map((m) => m.to)).toEqual([sent.doctor.email]);
    expect(mails[0]?.text).not.toContain("April");

    // The subject sees where it stands; the employer sees nothing.
    const reopened = await open(sent.token);
    const view = await loadReportForSubject(subjectScopeForTest(database.db, reopened.link), {
      referral: reopened.referral,
    });
    expect(view?.state).toBe("correction_requested");
    await expect(
      getEmployerReport(employerScopeForTest(database.db, sent.actor), sent.report.reference),
    ).rejects.toBeInstanceOf(DomainError);

    // No approval of the old version once the new one is out.
    const revised = await sendRevisedVersionForTest(database.db, {
      reportId: sent.report.id,
      body: { ...managementBodyForTest, summary: "Off work since April." },
    });
    const second = await open(revised.token);
    await expect(
      approveReport(withAdapters(subjectScopeForTest(database.db, second.link), { jobs }), {
        version: 1,
        releaseDiagnosis: false,
      }),
    ).rejects.toBeInstanceOf(DomainError);
    await approveReport(withAdapters(subjectScopeForTest(database.db, second.link), { jobs }), {
      version: 2,
      releaseDiagnosis: false,
    });
    expect((await state(sent.report.id)).report.status).toBe("released");
    expect((await versionOf(sent.report.id, 2)).subjectDecision).toBe("approved");
    // The corrected version 1 keeps the person's comment; it is not the released one.
    expect((await versionOf(sent.report.id, 1)).pdf).toBeNull();
  });

  it("withholds consent: the employer learns only that", async () => {
    const sent = await createSentReport(database.db);
    const { link } = await open(sent.token);
    await withholdReportConsent(
      withAdapters(subjectScopeForTest(database.db, link, { origin: origin() }), { jobs }),
      { version: 1 },
    );
    const after = await state(sent.report.id);
    expect(after.report.status).toBe("withheld");
    expect(after.referral.status).toBe("withheld");
    expect((await versionOf(sent.report.id)).pdf).toBeNull();
    // One move through the kernel's transition: the employer's timeline row, and the audit event
    // on the report with the referral's move.
    const activity = await database.db
      .select({ kind: referralActivity.kind })
      .from(referralActivity)
      .where(eq(referralActivity.referralId, sent.referral.id));
    expect(activity.map((a) => a.kind)).toContain("withheld");
    const events = await database.db
      .select()
      .from(auditEvent)
      .where(eq(auditEvent.action, "report.consent_withheld"));
    expect(events.filter((e) => e.objectId === sent.report.id)).toMatchObject([
      {
        objectType: "report",
        actorRole: "subject",
        details: { from: "awaiting_subject", to: "withheld", version: 1 },
      },
    ]);

    await sendReportNotification(notificationJob(), { reportId: sent.report.id, kind: "withheld" });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Consent to release withheld: ${sent.referral.reference}`);
    expect(mails[0]?.text).not.toContain(sent.report.reference);
    expect(mails[0]?.text).not.toContain("depressive");

    const shown = await getEmployerReport(
      employerScopeForTest(database.db, sent.actor),
      sent.report.reference,
    );
    expect(shown.state).toBe("withheld");
    expect(JSON.stringify(shown)).not.toContain("depressive");
    await expect(
      getEmployerReportPdf(employerScopeForTest(database.db, sent.actor), sent.report.reference),
    ).rejects.toBeInstanceOf(DomainError);
    // Approving after withholding is refused.
    await expect(
      approveReport(withAdapters(subjectScopeForTest(database.db, link), { jobs }), {
        version: 1,
        releaseDiagnosis: true,
      }),
    ).rejects.toBeInstanceOf(DomainError);
  });

  it("sends no notification for a state the report has left", async () => {
    const sent = await createSentReport(database.db);
    const out = await sendReportNotification(notificationJob(), {
      reportId: sent.report.id,
      kind: "released",
    });
    expect(out.sent).toBe(0);
    expect(mails).toHaveLength(0);
  });
});

describe("the review reminder", () => {
  /** The queueing the hourly job does in each claim's transaction; here nothing to queue. */
  const queued = async () => {};

  it("stays unclaimed when its reminder cannot be queued, so the next run claims it", async () => {
    const sent = await createSentReport(database.db, { now: new Date("2031-03-03T09:00:00Z") });
    const due = new Date("2031-03-06T10:00:00Z");
    await expect(
      claimReviewReminders(reminderJob(due), async () => {
        throw new Error("the queue is gone");
      }),
    ).rejects.toThrow("the queue is gone");
    const inClaim: string[] = [];
    expect(
      await claimReviewReminders(reminderJob(due), async (_tx, id) => {
        inClaim.push(id);
      }),
    ).toContain(sent.report.id);
    expect(inClaim).toContain(sent.report.id);
  });

  it("over Christmas, goes out two working days before the end: six calendar days before", async () => {
    // Sent Friday 18 December 2026; 25 and 28 December are bank holidays, so the five working
    // days end on Tuesday 29th and the reminder is due on Wednesday 23rd.
    const sent = await createSentReport(database.db, { now: new Date("2026-12-18T10:00:00Z") });
    expect(sent.report.reviewDueAt?.toISOString()).toBe("2026-12-29T10:00:00.000Z");
    expect(
      await claimReviewReminders(reminderJob(new Date("2026-12-22T12:00:00Z")), queued),
    ).not.toContain(sent.report.id);
    expect(
      await claimReviewReminders(reminderJob(new Date("2026-12-23T12:00:00Z")), queued),
    ).toContain(sent.report.id);
  });

  it("claims each report once, two working days before the end, and mails a fresh link", async () => {
    const monday = new Date("2030-01-07T09:00:00Z");
    const sent = await createSentReport(database.db, { now: monday });
    // Due Monday 14th; the reminder is due Thursday 10th.
    expect(sent.report.reviewDueAt?.toISOString()).toBe("2030-01-14T09:00:00.000Z");
    expect(
      await claimReviewReminders(reminderJob(new Date("2030-01-09T12:00:00Z")), queued),
    ).not.toContain(sent.report.id);
    const thursday = new Date("2030-01-10T10:00:00Z");
    expect(await claimReviewReminders(reminderJob(thursday), queued)).toContain(sent.report.id);
    expect(await claimReviewReminders(reminderJob(thursday), queued)).not.toContain(sent.report.id);

    expect(
      await sendReviewReminder(withAdapters(reminderJob(thursday), { mailer, publicUrl }), {
        reportId: sent.report.id,
      }),
    ).toBe("sent");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(sent.referral.subjectEmail);
    expect(mails[0]?.text).toContain("14 January 2030");
    const token = /\/assessment\/([A-Za-z0-9_-]{43})\/report/.exec(mails[0]?.text ?? "")?.[1];
    expect(token).toBeDefined();
    const opened = await openAssessmentLink(database.db, {
      token: token ?? "",
      origin: origin(),
      now: thursday,
    });
    expect(opened.ok).toBe(true);

    // Decided reports are never reminded.
    const { link } = await open(sent.token);
    await withholdReportConsent(withAdapters(subjectScopeForTest(database.db, link), { jobs }), {
      version: 1,
    });
    expect(
      await sendReviewReminder(withAdapters(reminderJob(new Date()), { mailer, publicUrl }), {
        reportId: sent.report.id,
      }),
    ).toBe("skipped");
  });
});

describe("the employer's reports", () => {
  let first: Awaited<ReturnType<typeof createSentReport>>;

  it("lists only released reports of the organisation, searched and filtered in the database", async () => {
    first = await createSentReport(database.db, { now: new Date("2030-02-04T10:00:00Z") });
    const { link } = await open(first.token);
    await approveReport(
      withAdapters(
        subjectScopeForTest(database.db, link, { now: new Date("2030-02-05T23:30:00Z") }),
        { jobs },
      ),
      { version: 1, releaseDiagnosis: false },
    );
    const actor = first.actor;
    const list = (q: string) =>
      listEmployerReports(
        employerScopeForTest(database.db, actor),
        parseEmployerReportListQuery(new URLSearchParams(q)).query,
      );

    const all = await list("");
    expect(all.rows.map((r) => r.reference)).toEqual([first.report.reference]);
    expect(all.rows[0]).toMatchObject({
      title: "Management Referral Report",
      type: "management",
      subjectName: "Jo Bloggs",
      format: "PDF",
    });
    expect((await list(`q=${first.report.reference.toLowerCase()}`)).total).toBe(1);
    expect((await list("q=JO BLOG")).total).toBe(1);
    expect((await list("q=management referral")).total).toBe(1);
    expect((await list("q=nobody")).total).toBe(0);
    expect((await list("q=%25")).total).toBe(0);
    expect((await list("type=management")).total).toBe(1);
    expect((await list("type=pre-employment")).total).toBe(0);
    // 23:30 UTC on 5 February is still 5 February in London (GMT in winter).
    expect((await list("date=2030-02-05")).total).toBe(1);
    expect((await list("date=2030-02-06")).total).toBe(0);
    expect(
      parseEmployerReportListQuery(new URLSearchParams("date=nonsense&type=x&page=-3")).query,
    ).toEqual({
      search: "",
      type: "all",
      date: null,
      page: 1,
    });
  });

  it("gives another organisation nothing, and never lists drafts or reports still with the person", async () => {
    const other = await createSentReport(database.db);
    const pending = (
      await listEmployerReports(
        employerScopeForTest(database.db, other.actor),
        parseEmployerReportListQuery(new URLSearchParams()).query,
      )
    ).total;
    expect(pending).toBe(0);
    await expect(
      getEmployerReport(employerScopeForTest(database.db, other.actor), other.report.reference),
    ).rejects.toBeInstanceOf(DomainError);
    // Another company asking for the first organisation's released report: not found.
    await expect(
      getEmployerReport(employerScopeForTest(database.db, other.actor), first.report.reference),
    ).rejects.toBeInstanceOf(DomainError);
    await expect(
      getEmployerReportPdf(employerScopeForTest(database.db, other.actor), first.report.reference),
    ).rejects.toBeInstanceOf(DomainError);
    const own = await getEmployerReportPdf(
      employerScopeForTest(database.db, first.actor),
      first.report.reference,
    );
    expect(createHash("sha256").update(own.pdf).digest("hex")).toBe(own.sha256);
  });

  it("shows a released report without the diagnosis the person kept back", async () => {
    const shown = await getEmployerReport(
      employerScopeForTest(database.db, first.actor),
      first.report.reference,
    );
    expect(shown.state).toBe("released");
    if (shown.state !== "released") return;
    expect(shown.sections.map((s) => s.heading)).toEqual([
      "Summary",
      "Recommendations",
      "Fit for Work",
      "Answers to the referral questions",
      "Equality Act 2010",
      "Ability to engage in formal processes",
      "Follow-up or review",
    ]);
    expect(JSON.stringify(shown)).not.toContain("depressive");
    expect(shown.signature).toContain(`GMC number ${first.doctor.gmcNumber}`);
    // The PDF's header, on the page: the employer's own reason, the date and the basis.
    const facts = Object.fromEntries(shown.facts.map((f) => [f.id, f.value]));
    expect(facts).toMatchObject({
      "referral-reason": "Low mood and time off work since March; help us support a return.",
      basis: "Online health questionnaire only; no consultation or physical examination",
    });
    expect(facts.consent).toMatch(/agreed to its release/);
  });
});
