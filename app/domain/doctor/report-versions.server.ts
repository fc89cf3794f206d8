import { and, asc, eq } from "drizzle-orm";
import { referral, report, reportVersion } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import type { DoctorActor } from "~/domain/kernel/actor.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { REFERRAL_QUESTIONS } from "~/domain/reports/drafter.ts";
import { reportSections } from "~/domain/reports/report-sections.ts";
import { signedVersionColumns } from "~/domain/reports/report-version.server.ts";
import { isUuid } from "~/lib/ids.ts";
import { caseNotFound } from "./case-access.server.ts";

/**
 * The report on the doctor's own case (assigned to them, and visible to them by
 * `visibleReferrals`): a case reassigned to them brings its earlier versions with it.
 */
async function ownReport(scope: Scope<DoctorActor>, referralId: string) {
  if (!isUuid(referralId)) throw caseNotFound();
  const [row] = await scope.db
    .select({ report, referral })
    .from(report)
    .innerJoin(referral, eq(referral.id, report.referralId))
    .where(
      and(
        eq(report.referralId, referralId),
        visibleReferrals(scope),
        eq(referral.assignedDoctorId, scope.actor.userId),
      ),
    );
  if (!row) throw caseNotFound();
  return row;
}

/**
 * Every version of the doctor's report on a case, before and after release, each as the person
 * read it (diagnosis included), with its signature, the person's decision and comment, the
 * doctor's reason for a declined correction and the person's statement. Audited.
 */
export async function listReportVersions(scope: Scope, referralId: string) {
  const doctor = requireDoctor(scope);
  const { db } = doctor;
  const row = await ownReport(doctor, referralId);
  const versions = await db
    .select({
      ...signedVersionColumns,
      sentAt: reportVersion.sentAt,
      subjectDecision: reportVersion.subjectDecision,
      subjectComment: reportVersion.subjectComment,
      correctionDeclineReason: reportVersion.correctionDeclineReason,
      subjectStatement: reportVersion.subjectStatement,
      diagnosisReleased: reportVersion.diagnosisReleased,
      decidedAt: reportVersion.decidedAt,
      hasPdf: reportVersion.pdfSha256,
    })
    .from(reportVersion)
    .where(eq(reportVersion.reportId, row.report.id))
    .orderBy(asc(reportVersion.version));
  await recordAuditEventAs(
    doctor,
    {
      action: "doctor.report_versions_read",
      object: { type: "report", id: row.report.id },
      details: { versions: versions.length, status: row.report.status },
    },
    db,
  );
  const questions = REFERRAL_QUESTIONS.filter((q) => row.referral.questions?.[q]);
  return {
    referral: {
      id: row.referral.id,
      reference: row.referral.reference,
      subjectName: row.referral.subjectName,
      type: row.referral.type,
      status: row.referral.status,
    },
    report: {
      reference: row.report.reference,
      status: row.report.status,
      currentVersion: row.report.currentVersion,
      releasedAt: row.report.releasedAt,
    },
    versions: versions.map(({ body, hasPdf, ...v }) => ({
      ...v,
      hasPdf: Boolean(hasPdf),
      sections: reportSections(body, {
        includeDiagnosis: true,
        questions,
        subjectStatement: v.subjectStatement,
        signedAt: v.signedAt,
      }),
    })),
  };
}

/** The frozen PDF of the released version, as the employer has it. Audited. */
export async function getReportVersionPdf(
  scope: Scope,
  { referralId, version }: { referralId: string; version: number },
): Promise<{ reference: string; pdf: Buffer }> {
  const doctor = requireDoctor(scope);
  const { db } = doctor;
  const row = await ownReport(doctor, referralId);
  const [v] = await db
    .select({ pdf: reportVersion.pdf, sha256: reportVersion.pdfSha256 })
    .from(reportVersion)
    .where(and(eq(reportVersion.reportId, row.report.id), eq(reportVersion.version, version)));
  await recordAuditEventAs(
    doctor,
    {
      action: "doctor.report_pdf_downloaded",
      outcome: v?.pdf ? "success" : "denied",
      object: { type: "report", id: row.report.id },
      details: { version, sha256: v?.sha256 ?? null },
    },
    db,
  );
  if (!v?.pdf) throw new DomainError("not_found", "This version has no PDF.");
  return { reference: `${row.report.reference}-v${version}`, pdf: v.pdf };
}
