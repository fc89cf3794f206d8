import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { referral, report, reportVersion } from "~/db/schema/index.ts";
import { refuseTransition } from "~/domain/assessments/lock-referral.server.ts";
import {
  AssessmentError,
  type RequestOrigin,
  type SubjectLink,
  subjectAuditActor,
} from "~/domain/assessments/subject.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { transition } from "~/domain/referrals/states.ts";
import type { JobQueue } from "~/services/jobs/queue.server.ts";
import { CORRECTION_COMMENT_MAX } from "./correction-comment.ts";
import { lockReportForDecision } from "./lock-subject-report.server.ts";
import { REPORT_NOTIFICATION_JOB, type ReportNotification } from "./report-jobs.ts";

/**
 * The person asks the doctor to correct a factual error in the version they read. The version
 * keeps their comment; the referral goes back to the doctor (`in_review`, marked as needing
 * attention) and the doctor is e-mailed. Nothing reaches the employer.
 */
export async function requestReportCorrection(
  deps: { db: Database; jobs: Pick<JobQueue, "send"> },
  {
    link,
    version: expectedVersion,
    comment,
    origin,
    now = new Date(),
  }: { link: SubjectLink; version: number; comment: string; origin?: RequestOrigin; now?: Date },
): Promise<{ reportId: string }> {
  const text = comment.trim();
  if (text.length === 0 || text.length > CORRECTION_COMMENT_MAX)
    throw new AssessmentError("invalid_state", "A correction needs a comment.");
  const result = await deps.db.transaction(async (tx) => {
    const locked = await lockReportForDecision(tx, link, expectedVersion);
    let status: ReturnType<typeof transition>;
    try {
      status = transition(locked.referral.status, "subject_requested_correction", "subject");
    } catch (error) {
      refuseTransition(error);
    }
    await tx
      .update(reportVersion)
      .set({ subjectDecision: "correction", subjectComment: text, decidedAt: now, updatedAt: now })
      .where(eq(reportVersion.id, locked.version.id));
    await tx
      .update(report)
      .set({ status: "correction_requested", updatedAt: now })
      .where(eq(report.id, locked.report.id));
    await tx
      .update(referral)
      .set({ status, correctionRequested: true, updatedAt: now })
      .where(eq(referral.id, locked.referral.id));
    await recordAuditEvent(tx, {
      action: "report.correction_requested",
      outcome: "success",
      actor: subjectAuditActor(link),
      object: { type: "report", id: locked.report.id },
      request: origin,
      details: { version: locked.version.version, commentLength: text.length },
    });
    // In the same transaction: the doctor hears of it exactly when the request is recorded.
    await deps.jobs.send(
      REPORT_NOTIFICATION_JOB,
      { reportId: locked.report.id, kind: "correction_requested" } satisfies ReportNotification,
      { tx },
    );
    return { reportId: locked.report.id };
  });
  return result;
}
