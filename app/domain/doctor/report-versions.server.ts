import { and, asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { referral, report, reportVersion } from "~/db/schema/index.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { REFERRAL_QUESTIONS } from "~/domain/reports/drafter.ts";
import { reportSections } from "~/domain/reports/report-sections.ts";
import { assertDoctor, auditActor, DoctorCaseError } from "./doctor-actor.ts";

type RequestOrigin = { ip: string | null; requestId: string };

/** The doctor's own report on a case (they wrote it, or the case is assigned to them). */
async function ownReport(db: Database, actor: Actor, referralId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(referralId))
    throw new DoctorCaseError("not_found", "Case not found.");
  const [row] = await db
    .select({ report, referral })
    .from(report)
    .innerJoin(referral, eq(referral.id, report.referralId))
    .where(and(eq(report.referralId, referralId), eq(referral.assignedDoctorId, actor.userId)));
  if (!row) throw new DoctorCaseError("not_found", "Case not found.");
  return row;
}

/**
 * Every version of the doctor's report on a case, before and after release, each as the person
 * read it (diagnosis included), with its signature, the person's decision and comment, the
 * doctor's reason for a declined correction and the person's statement. Audited.
 */
export async function listReportVersions(
  db: Database,
  { actor, referralId, request }: { actor: Actor; referralId: string; request?: RequestOrigin },
) {
  assertDoctor(actor);
  const row = await ownReport(db, actor, referralId);
  const versions = await db
    .select({
      version: reportVersion.version,
      body: reportVersion.body,
      authorName: reportVersion.authorName,
      authorGmcNumber: reportVersion.authorGmcNumber,
      authorQualifications: reportVersion.authorQualifications,
      signedAt: reportVersion.signedAt,
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
  await recordAuditEvent(db, {
    action: "doctor.report_versions_read",
    outcome: "success",
    actor: auditActor(actor),
    object: { type: "report", id: row.report.id },
    request,
    details: { versions: versions.length, status: row.report.status },
  });
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
  db: Database,
  {
    actor,
    referralId,
    version,
    request,
  }: { actor: Actor; referralId: string; version: number; request?: RequestOrigin },
): Promise<{ reference: string; pdf: Buffer }> {
  assertDoctor(actor);
  const row = await ownReport(db, actor, referralId);
  const [v] = await db
    .select({ pdf: reportVersion.pdf, sha256: reportVersion.pdfSha256 })
    .from(reportVersion)
    .where(and(eq(reportVersion.reportId, row.report.id), eq(reportVersion.version, version)));
  await recordAuditEvent(db, {
    action: "doctor.report_pdf_downloaded",
    outcome: v?.pdf ? "success" : "denied",
    actor: auditActor(actor),
    object: { type: "report", id: row.report.id },
    request,
    details: { version, sha256: v?.sha256 ?? null },
  });
  if (!v?.pdf) throw new DoctorCaseError("not_found", "This version has no PDF.");
  return { reference: `${row.report.reference}-v${version}`, pdf: v.pdf };
}
