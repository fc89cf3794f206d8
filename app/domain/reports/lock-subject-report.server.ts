import { eq } from "drizzle-orm";
import { report, reportVersion } from "~/db/schema/index.ts";
import {
  lockSubjectReferral,
  moveSubjectReferral,
  type SubjectReferral,
} from "~/domain/assessments/lock-referral.server.ts";
import type { SubjectActor } from "~/domain/kernel/actor.ts";
import type { Tx } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireSubject } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReports } from "~/domain/kernel/visibility.server.ts";
import type { ReferralTransition } from "~/domain/referrals/referral-transition.server.ts";
import {
  REPORT_NOTIFICATION_JOB,
  type ReportNotification,
  type ReportNotificationKind,
} from "./report-jobs.ts";
import { isCurrentVersionOf } from "./report-version.server.ts";

interface LockedReport {
  referral: SubjectReferral;
  report: typeof report.$inferSelect;
  version: typeof reportVersion.$inferSelect;
}

type DecisionEvent =
  | "subject_approved"
  | "subject_requested_correction"
  | "subject_withheld"
  | "amendment_withheld";

/**
 * The referral, its report and the version now with the person, all locked, for one decision.
 * The person decides about the version they read: if the doctor has since sent another, or a
 * decision was already made (a second tab), the decision is refused. The report is read through
 * `visibleReports` (docs/architecture.md §3b): the link's scope decides which.
 */
export async function lockReportForDecision(
  tx: Tx,
  scope: Scope<SubjectActor>,
  expectedVersion: number,
  event: DecisionEvent,
): Promise<LockedReport> {
  const current = await lockSubjectReferral(tx, scope, event);
  const [row] = await tx.select().from(report).where(visibleReports(scope)).for("update");
  if (!row) throw new DomainError("not_found", "No report for this assessment.");
  if (row.status !== "awaiting_subject" || row.currentVersion !== expectedVersion)
    throw new DomainError("invalid_state", "This report is not waiting for your decision.");
  const [version] = await tx
    .select()
    .from(reportVersion)
    .where(isCurrentVersionOf(row))
    .for("update");
  if (!version?.signedAt || !version.sentAt || version.subjectDecision)
    throw new DomainError("invalid_state", "This report is not waiting for your decision.");
  return { referral: current, report: row, version };
}

/** What one decision writes, beyond the steps every decision shares. */
interface ReportDecision<R> {
  /** Columns of the version decided on; `decidedAt` is set here. */
  version: Omit<Partial<typeof reportVersion.$inferInsert>, "decidedAt" | "updatedAt">;
  /** Columns of the report, its new status among them. */
  report: Omit<Partial<typeof report.$inferInsert>, "updatedAt">;
  /** Other referral columns the move sets with its status. */
  referral?: ReferralTransition["set"];
  activity: ReferralTransition["activity"];
  /** The audit event on the report, with details that are never health content. */
  audit: { action: string; details: Record<string, unknown> };
  /** Anything more the caller returns, such as the released PDF's hash. */
  result: R;
}

/**
 * One decision of the person on the report sent to them (approve, withhold, ask for a
 * correction), in one transaction: lock the case and the version, write the decision on the
 * version and the report, move the referral through the kernel's transition (timeline row and
 * audit event), and queue the e-mail it causes, so the notification exists exactly when the
 * decision does.
 */
export async function decideOnReport<R extends object>(
  scope: Scope,
  {
    version: expectedVersion,
    event,
    notify,
    decide,
  }: {
    version: number;
    event: DecisionEvent;
    notify: ReportNotificationKind;
    decide: (tx: Tx, locked: LockedReport) => Promise<ReportDecision<R>>;
  },
): Promise<{ reportId: string } & R> {
  const subject = requireSubject(scope);
  const { now } = subject;
  return subject.db.transaction(async (tx) => {
    const locked = await lockReportForDecision(tx, subject, expectedVersion, event);
    const decision = await decide(tx, locked);
    await tx
      .update(reportVersion)
      .set({ ...decision.version, decidedAt: now, updatedAt: now })
      .where(eq(reportVersion.id, locked.version.id));
    await tx
      .update(report)
      .set({ ...decision.report, updatedAt: now })
      .where(eq(report.id, locked.report.id));
    await moveSubjectReferral(tx, subject, {
      referral: locked.referral,
      event,
      set: decision.referral,
      activity: decision.activity,
      audit: {
        action: decision.audit.action,
        object: { type: "report", id: locked.report.id },
        details: { version: locked.version.version, ...decision.audit.details },
      },
    });
    await scope.adapters.jobs.send(
      REPORT_NOTIFICATION_JOB,
      {
        reportId: locked.report.id,
        kind: notify,
        version: locked.version.version,
      } satisfies ReportNotification,
      { tx },
    );
    return { reportId: locked.report.id, ...decision.result };
  });
}
