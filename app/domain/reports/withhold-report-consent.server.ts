import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { referral, referralActivity, report, reportVersion } from "~/db/schema/index.ts";
import { refuseTransition } from "~/domain/assessments/lock-referral.server.ts";
import {
  type RequestOrigin,
  type SubjectLink,
  subjectAuditActor,
} from "~/domain/assessments/subject.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { transition } from "~/domain/referrals/states.ts";
import type { JobQueue } from "~/services/jobs/queue.server.ts";
import { lockReportForDecision } from "./lock-subject-report.server.ts";
import { REPORT_NOTIFICATION_JOB, type ReportNotification } from "./report-jobs.ts";

/**
 * The person withholds consent to release. The report and the referral end as `withheld`; the
 * employer is e-mailed only that consent was withheld, and never sees any version.
 */
export async function withholdReportConsent(
  deps: { db: Database; jobs: Pick<JobQueue, "send"> },
  {
    link,
    version: expectedVersion,
    origin,
    now = new Date(),
  }: { link: SubjectLink; version: number; origin?: RequestOrigin; now?: Date },
): Promise<{ reportId: string }> {
  const result = await deps.db.transaction(async (tx) => {
    const locked = await lockReportForDecision(tx, link, expectedVersion);
    let status: ReturnType<typeof transition>;
    try {
      status = transition(locked.referral.status, "subject_withheld", "subject");
    } catch (error) {
      refuseTransition(error);
    }
    await tx
      .update(reportVersion)
      .set({ subjectDecision: "withheld", decidedAt: now, updatedAt: now })
      .where(eq(reportVersion.id, locked.version.id));
    await tx
      .update(report)
      .set({ status: "withheld", withheldAt: now, updatedAt: now })
      .where(eq(report.id, locked.report.id));
    await tx
      .update(referral)
      .set({ status, closedAt: now, correctionRequested: false, updatedAt: now })
      .where(eq(referral.id, locked.referral.id));
    await tx.insert(referralActivity).values({
      referralId: locked.referral.id,
      organisationId: locked.referral.organisationId,
      kind: "withheld",
      createdAt: now,
    });
    await recordAuditEvent(tx, {
      action: "report.consent_withheld",
      outcome: "success",
      actor: subjectAuditActor(link),
      object: { type: "report", id: locked.report.id },
      request: origin,
      details: { version: locked.version.version },
    });
    // In the same transaction: the notification exists exactly when the decision does.
    await deps.jobs.send(
      REPORT_NOTIFICATION_JOB,
      { reportId: locked.report.id, kind: "withheld" } satisfies ReportNotification,
      { tx },
    );
    return { reportId: locked.report.id };
  });
  return result;
}
