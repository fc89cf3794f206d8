import { auditSubjectEvent } from "~/domain/assessments/lock-referral.server.ts";
import { requireSubject } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { subjectCopyAvailable } from "./subject-copy.ts";
import { releasedVersionOf, reportObject } from "./subject-report-version.server.ts";

/**
 * The person's own copy of their released report: the frozen PDF the employer has, for 30 days
 * from release (subject-copy.ts). Every download, and every refusal, is audited.
 */
export async function getSubjectReportPdf(
  scope: Scope,
): Promise<{ reference: string; pdf: Buffer } | null> {
  const subject = requireSubject(scope);
  // The version released, which an amendment in progress leaves in place.
  const row = await releasedVersionOf(subject);
  const ok =
    row !== undefined &&
    row.version.subjectDecision === "approved" &&
    row.version.pdf !== null &&
    subjectCopyAvailable(row.report.releasedAt, subject.now);
  await auditSubjectEvent(subject.db, subject, {
    action: "report.subject_downloaded",
    outcome: ok ? "success" : "denied",
    object: reportObject(row?.report.id),
    details: ok
      ? { sha256: row?.version.pdfSha256 }
      : { reason: row ? "not_available" : "no_report" },
  });
  return ok && row?.version.pdf ? { reference: row.report.reference, pdf: row.version.pdf } : null;
}
