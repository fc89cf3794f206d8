import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvent, reportVersion } from "~/db/schema/index.ts";
import { openAssessmentLink } from "~/domain/assessments/open-assessment-link.server.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { approveReport } from "~/domain/reports/approve-report.server.ts";
import { requestReportCorrection } from "~/domain/reports/request-report-correction.server.ts";
import { withAdapters } from "~tests/support/adapters.ts";
import { subjectScopeForTest } from "~tests/support/assessments.ts";
import { createDoctorRecordForTest, doctorScope } from "~tests/support/consultations.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { pdfText } from "~tests/support/pdf-text.ts";
import {
  createSentReport,
  managementBodyForTest,
  sendRevisedVersionForTest,
} from "~tests/support/reports.ts";
import { getReportVersionPdf } from "./get-report-version-pdf.server.ts";
import { listReportVersions } from "./report-versions.server.ts";

const database = testDatabaseForFile();
const jobs = { send: async () => "job-id" };
let ip = 0;
const origin = () => ({ ip: `10.7.0.${++ip % 250}`, requestId: `versions-${ip}` });

async function open(token: string) {
  const opened = await openAssessmentLink(database.db, { token, origin: origin() });
  if (!opened.ok) throw new Error(`link did not open: ${opened.reason}`);
  return opened.link;
}

/** The PDF's words, with its line breaks and spacing folded to single spaces. */
const flatPdfText = (pdf: Buffer) => pdfText(pdf, []).replace(/\s+/g, " ");

async function downloads(reportId: string) {
  return database.db
    .select({
      outcome: auditEvent.outcome,
      actorId: auditEvent.actorId,
      details: auditEvent.details,
    })
    .from(auditEvent)
    .where(
      and(eq(auditEvent.action, "doctor.report_pdf_downloaded"), eq(auditEvent.objectId, reportId)),
    )
    .orderBy(asc(auditEvent.occurredAt));
}

/**
 * A management report the person asked to correct (version 1), revised and released (version 2):
 * the doctor's case with a superseded version.
 */
async function releasedAfterCorrection() {
  const sent = await createSentReport(database.db);
  await requestReportCorrection(
    withAdapters(subjectScopeForTest(database.db, await open(sent.token)), { jobs }),
    { version: 1, comment: "I have been off since April, not March." },
  );
  const revised = await sendRevisedVersionForTest(database.db, {
    reportId: sent.report.id,
    body: { ...managementBodyForTest, summary: "Off work since April with low mood; improving." },
  });
  await approveReport(
    withAdapters(subjectScopeForTest(database.db, await open(revised.token)), { jobs }),
    { version: 2, releaseDiagnosis: false },
  );
  return { ...sent, doctorScope: doctorScope(database.db, { userId: sent.doctor.id }) };
}

describe("every version of the doctor's report, with its PDF", () => {
  it("lists each version with its header, superseded or released, every signed one downloadable", async () => {
    const c = await releasedAfterCorrection();
    const { versions } = await listReportVersions(c.doctorScope, c.referral.id);
    const [first, second] = versions;
    expect(first).toMatchObject({ version: 1, superseded: true, released: false });
    expect(second).toMatchObject({ version: 2, superseded: false, released: true });
    expect(versions.every((v) => v.downloadable)).toBe(true);
    const fact = (v: typeof first, id: string) => v?.facts?.find((f) => f.id === id)?.value;
    // The management referral's job is the employer's job details, on every version.
    expect(fact(first, "job-details")).toBe("Customer service adviser, 37.5 hours a week");
    expect(fact(second, "job-details")).toBe("Customer service adviser, 37.5 hours a week");
    expect(fact(first, "consent")).toMatch(/^Not released/);
    expect(fact(second, "consent")).toMatch(/read this report and agreed to its release/);
  });

  it("gives the released version's frozen PDF byte for byte, and a superseded one marked on every page", async () => {
    const c = await releasedAfterCorrection();
    const released = await getReportVersionPdf(c.doctorScope, {
      referralId: c.referral.id,
      version: 2,
    });
    const [frozen] = await database.db
      .select({ pdf: reportVersion.pdf, sha256: reportVersion.pdfSha256 })
      .from(reportVersion)
      .where(and(eq(reportVersion.reportId, c.report.id), eq(reportVersion.version, 2)));
    expect(released.pdf.equals(frozen?.pdf ?? Buffer.alloc(0))).toBe(true);
    expect(released.reference).toBe(`${c.report.reference}-v2`);
    expect(flatPdfText(released.pdf)).not.toMatch(/superseded/i);

    const earlier = await getReportVersionPdf(c.doctorScope, {
      referralId: c.referral.id,
      version: 1,
    });
    expect(earlier.reference).toBe(`${c.report.reference}-v1-superseded`);
    // To look at it: VERSION_PDF_OUT=file.pdf, then pdftoppm -png -r 60.
    if (process.env.VERSION_PDF_OUT) writeFileSync(process.env.VERSION_PDF_OUT, earlier.pdf);
    const text = flatPdfText(earlier.pdf);
    expect(text).toContain("VERSION 1 · SUPERSEDED");
    expect(text).toMatch(/This version was superseded by version 2 on \d+ \w+ \d{4}\./);
    expect(text).toContain("It was not released to the employer.");
    // Every page's footer carries the mark.
    const pages = Number(/\/Count (\d+)/.exec(earlier.pdf.toString("latin1"))?.[1] ?? 0);
    expect(text.match(/Version 1 · superseded · Confidential/g)).toHaveLength(pages);
    // The text the person read: version 1's own summary, the diagnosis, the job, not released.
    expect(text).toContain("Jo has been off work since March");
    expect(text).toContain("Moderate depressive episode");
    expect(text).toContain("Job details");
    expect(text).toContain("Customer service adviser, 37.5 hours a week");
    expect(text).toMatch(/Not released: .* receives this report only if/);

    // Both downloads audited, each with its version, whether superseded, and the bytes' hash.
    const events = await downloads(c.report.id);
    expect(events).toEqual([
      {
        outcome: "success",
        actorId: c.doctor.id,
        details: { version: 2, sha256: frozen?.sha256, released: true, superseded: false },
      },
      {
        outcome: "success",
        actorId: c.doctor.id,
        details: {
          version: 1,
          sha256: createHash("sha256").update(earlier.pdf).digest("hex"),
          released: false,
          superseded: true,
        },
      },
    ]);
    expect(JSON.stringify(events)).not.toContain("depressive");
  });

  it("refuses a version that does not exist (audited) and any doctor not on the case", async () => {
    const c = await releasedAfterCorrection();
    await expect(
      getReportVersionPdf(c.doctorScope, { referralId: c.referral.id, version: 3 }),
    ).rejects.toSatisfy((e) => e instanceof DomainError && e.code === "not_found");
    expect((await downloads(c.report.id)).map((e) => [e.outcome, e.details.version])).toEqual([
      ["denied", 3],
    ]);

    const other = await createDoctorRecordForTest(database.db, "Dr Other Doctor");
    for (const version of [1, 2])
      await expect(
        getReportVersionPdf(doctorScope(database.db, { userId: other.id }), {
          referralId: c.referral.id,
          version,
        }),
      ).rejects.toBeInstanceOf(DomainError);
    await expect(
      listReportVersions(doctorScope(database.db, { userId: other.id }), c.referral.id),
    ).rejects.toBeInstanceOf(DomainError);
    // Nothing was given to the other doctor.
    expect((await downloads(c.report.id)).filter((e) => e.actorId === other.id)).toEqual([]);
  });
});
