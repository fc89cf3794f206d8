import { and, eq } from "drizzle-orm";
import { report, reportVersion } from "~/db/schema/index.ts";
import { lockSubjectReferral, type Tx } from "~/domain/assessments/lock-referral.server.ts";
import { AssessmentError, type SubjectLink } from "~/domain/assessments/subject.ts";

/**
 * The referral, its report and the version now with the person, all locked, for one decision.
 * The person decides about the version they read: if the doctor has since sent another, or a
 * decision was already made (a second tab), the decision is refused.
 */
export async function lockReportForDecision(tx: Tx, link: SubjectLink, expectedVersion: number) {
  const current = await lockSubjectReferral(tx, link);
  const [row] = await tx
    .select()
    .from(report)
    .where(eq(report.referralId, current.id))
    .for("update");
  if (!row) throw new AssessmentError("not_found", "No report for this assessment.");
  if (row.status !== "awaiting_subject" || row.currentVersion !== expectedVersion)
    throw new AssessmentError("invalid_state", "This report is not waiting for your decision.");
  const [version] = await tx
    .select()
    .from(reportVersion)
    .where(and(eq(reportVersion.reportId, row.id), eq(reportVersion.version, row.currentVersion)))
    .for("update");
  if (!version?.signedAt || !version.sentAt || version.subjectDecision)
    throw new AssessmentError("invalid_state", "This report is not waiting for your decision.");
  return { referral: current, report: row, version };
}
