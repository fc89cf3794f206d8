import { and, eq } from "drizzle-orm";
import { reportVersion } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { renderReportPdf } from "~/domain/reports/render-report-pdf.server.ts";
import { loadReportHeader } from "~/domain/reports/report-header.server.ts";
import { signedVersionColumns } from "~/domain/reports/report-version.server.ts";
import { isSuperseded, versionMark } from "~/domain/reports/version-mark.ts";
import { ownReport } from "./own-report.server.ts";

/**
 * The PDF of one version of the doctor's report. The released version is the frozen PDF the
 * employer has, byte for byte. Any other signed version is drawn from its stored text as the
 * person read it (diagnosis included), marked on every page with its version and what became of
 * it: "superseded" when a later version replaced it. A draft has no PDF until it is signed.
 * Every download, and every refusal, is audited with the version and the PDF's SHA-256.
 */
export async function getReportVersionPdf(
  scope: Scope,
  { referralId, version }: { referralId: string; version: number },
): Promise<{ reference: string; pdf: Buffer }> {
  const doctor = requireDoctor(scope);
  const { db } = doctor;
  const row = await ownReport(doctor, referralId);
  const [v] = await db
    .select({
      ...signedVersionColumns,
      pdf: reportVersion.pdf,
      sha256: reportVersion.pdfSha256,
      subjectDecision: reportVersion.subjectDecision,
      decidedAt: reportVersion.decidedAt,
      disclosures: reportVersion.disclosures,
    })
    .from(reportVersion)
    .where(and(eq(reportVersion.reportId, row.report.id), eq(reportVersion.version, version)));
  const superseded = isSuperseded({ version, currentVersion: row.report.currentVersion });
  let pdf: Buffer | null = v?.pdf ?? null;
  let sha256 = v?.sha256 ?? null;
  if (v && !pdf && v.signedAt) {
    const [next] = await db
      .select({ createdAt: reportVersion.createdAt })
      .from(reportVersion)
      .where(
        and(eq(reportVersion.reportId, row.report.id), eq(reportVersion.version, version + 1)),
      );
    const { questions, ...caseHeader } = await loadReportHeader(db, row.referral);
    const signedAt = v.signedAt;
    ({ pdf, sha256 } = await renderReportPdf({
      header: {
        type: row.report.type,
        reportReference: row.report.reference,
        referralReference: row.referral.reference,
        version,
        subjectName: row.referral.subjectName,
        organisationName: row.organisationName,
        signedAt,
        // Never released: the consent line says so, whatever the person decided.
        approvedAt: null,
        ...caseHeader,
      },
      body: v.body,
      diagnosisReleased: true,
      signature: {
        name: v.authorName,
        qualifications: v.authorQualifications,
        gmcNumber: v.authorGmcNumber,
        signedAt,
      },
      questions,
      mark: versionMark({
        version,
        currentVersion: row.report.currentVersion,
        supersededAt: next?.createdAt ?? null,
        subjectDecision: v.subjectDecision,
      }),
    }));
  }
  await recordAuditEventAs(
    doctor,
    {
      action: "doctor.report_pdf_downloaded",
      outcome: pdf ? "success" : "denied",
      object: { type: "report", id: row.report.id },
      details: { version, sha256, released: Boolean(v?.pdf), superseded },
    },
    db,
  );
  if (!pdf) throw new DomainError("not_found", "This version has no PDF.");
  return {
    reference: `${row.report.reference}-v${version}${superseded ? "-superseded" : ""}`,
    pdf,
  };
}
