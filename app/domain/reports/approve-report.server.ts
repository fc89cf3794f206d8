import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import {
  organisation,
  referral,
  referralActivity,
  report,
  reportVersion,
} from "~/db/schema/index.ts";
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
import { lockReportForDecision } from "./lock-subject-report.server.ts";
import { renderReportPdf } from "./report-document.server.tsx";
import { loadReportHeader } from "./report-header.server.ts";
import { REPORT_NOTIFICATION_JOB, type ReportNotification } from "./report-jobs.ts";
import { hasDiagnosis } from "./report-sections.ts";
import { SUBJECT_STATEMENT_MAX } from "./subject-copy.ts";

/**
 * The person approves the version they read, and it is released in the same transaction: the
 * version is frozen with its decision, its PDF and the PDF's SHA-256 (a trigger refuses any later
 * change), the report is `released` and the referral `complete`. The employer's e-mail is a job
 * sent after the commit, retried until delivered.
 *
 * `releaseDiagnosis` is the person's separate, explicit choice; it counts only when the report has
 * a diagnosis to release.
 */
export async function approveReport(
  deps: { db: Database; jobs: Pick<JobQueue, "send"> },
  {
    link,
    version: expectedVersion,
    releaseDiagnosis,
    statement: rawStatement,
    origin,
    now = new Date(),
  }: {
    link: SubjectLink;
    version: number;
    releaseDiagnosis: boolean;
    /** The person's own statement; only on a version re-sent after a declined correction. */
    statement?: string;
    origin?: RequestOrigin;
    now?: Date;
  },
): Promise<{ reportId: string; pdfSha256: string }> {
  const statementText = rawStatement?.trim() ?? "";
  if (statementText.length > SUBJECT_STATEMENT_MAX)
    throw new AssessmentError(
      "invalid_state",
      `Keep your statement under ${SUBJECT_STATEMENT_MAX} characters.`,
    );
  const result = await deps.db.transaction(async (tx) => {
    const locked = await lockReportForDecision(tx, link, expectedVersion);
    // A statement belongs beside a declined correction; elsewhere the person asks for a correction.
    const subjectStatement =
      locked.version.correctionDeclineReason && statementText ? statementText : null;
    let status: ReturnType<typeof transition>;
    try {
      status = transition(locked.referral.status, "subject_approved", "subject");
    } catch (error) {
      refuseTransition(error);
    }
    const diagnosisReleased = hasDiagnosis(locked.version.body) && releaseDiagnosis;
    const [org] = await tx
      .select({ name: organisation.name })
      .from(organisation)
      .where(eq(organisation.id, locked.referral.organisationId));
    const signedAt = locked.version.signedAt ?? now;
    const { questions, ...caseHeader } = await loadReportHeader(tx, locked.referral);
    const { pdf, sha256 } = await renderReportPdf({
      header: {
        type: locked.report.type,
        reportReference: locked.report.reference,
        referralReference: locked.referral.reference,
        version: locked.version.version,
        subjectName: locked.referral.subjectName,
        organisationName: org?.name ?? "Employer",
        signedAt,
        approvedAt: now,
        ...caseHeader,
      },
      body: locked.version.body,
      diagnosisReleased,
      signature: {
        name: locked.version.authorName,
        qualifications: locked.version.authorQualifications,
        gmcNumber: locked.version.authorGmcNumber,
        signedAt,
      },
      subjectStatement,
      questions,
    });
    await tx
      .update(reportVersion)
      .set({
        subjectDecision: "approved",
        diagnosisReleased,
        subjectStatement,
        decidedAt: now,
        pdf,
        pdfSha256: sha256,
        updatedAt: now,
      })
      .where(eq(reportVersion.id, locked.version.id));
    await tx
      .update(report)
      .set({ status: "released", releasedAt: now, updatedAt: now })
      .where(eq(report.id, locked.report.id));
    await tx
      .update(referral)
      .set({ status, completedAt: now, correctionRequested: false, updatedAt: now })
      .where(eq(referral.id, locked.referral.id));
    await tx.insert(referralActivity).values({
      referralId: locked.referral.id,
      organisationId: locked.referral.organisationId,
      kind: "released",
      createdAt: now,
    });
    await recordAuditEvent(tx, {
      action: "report.approved_and_released",
      outcome: "success",
      actor: subjectAuditActor(link),
      object: { type: "report", id: locked.report.id },
      request: origin,
      details: {
        version: locked.version.version,
        diagnosisReleased,
        pdfSha256: sha256,
        statementLength: subjectStatement?.length ?? 0,
      },
    });
    // In the same transaction: the employer's e-mail is queued exactly when the release commits.
    await deps.jobs.send(
      REPORT_NOTIFICATION_JOB,
      { reportId: locked.report.id, kind: "released" } satisfies ReportNotification,
      { tx },
    );
    return { reportId: locked.report.id, pdfSha256: sha256 };
  });
  return result;
}
