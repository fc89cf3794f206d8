import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import type { referral } from "~/db/schema/index.ts";
import { report, reportVersion } from "~/db/schema/index.ts";
import {
  type RequestOrigin,
  type SubjectLink,
  subjectAuditActor,
} from "~/domain/assessments/subject.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { hasDiagnosis, type ReportSection, reportSections } from "./report-sections.ts";

export type SubjectReportView =
  | {
      state: "awaiting_decision";
      reference: string;
      type: "management" | "pre_employment";
      version: number;
      sections: ReportSection[];
      hasDiagnosis: boolean;
      authorName: string;
      authorGmcNumber: string;
      signedAt: Date;
      reviewDueAt: Date | null;
    }
  | { state: "correction_requested"; decidedAt: Date | null }
  | {
      state: "released";
      reference: string;
      decidedAt: Date | null;
      diagnosisReleased: boolean;
      hadDiagnosis: boolean;
    }
  | { state: "withheld"; decidedAt: Date | null };

/**
 * What the person holding the link sees at /assessment/:token/report: the version sent to them
 * with every section (the diagnosis included: it is about them), or where their decision left
 * it. Null when no report has been sent to them. Every read is audited.
 */
export async function loadReportForSubject(
  db: Database,
  {
    link,
    referral: current,
    origin,
  }: { link: SubjectLink; referral: typeof referral.$inferSelect; origin?: RequestOrigin },
): Promise<SubjectReportView | null> {
  const [row] = await db
    .select({ report, version: reportVersion })
    .from(report)
    .innerJoin(
      reportVersion,
      and(eq(reportVersion.reportId, report.id), eq(reportVersion.version, report.currentVersion)),
    )
    .where(
      and(eq(report.referralId, link.referralId), eq(report.organisationId, link.organisationId)),
    );

  let view: SubjectReportView | null = null;
  if (row?.report.status === "awaiting_subject" && current.status === "awaiting_subject") {
    const { version } = row;
    if (version.signedAt && version.sentAt && !version.subjectDecision)
      view = {
        state: "awaiting_decision",
        reference: row.report.reference,
        type: row.report.type,
        version: version.version,
        sections: reportSections(version.body, { includeDiagnosis: true }),
        hasDiagnosis: hasDiagnosis(version.body),
        authorName: version.authorName,
        authorGmcNumber: version.authorGmcNumber,
        signedAt: version.signedAt,
        reviewDueAt: row.report.reviewDueAt,
      };
  } else if (row?.report.status === "correction_requested")
    view = { state: "correction_requested", decidedAt: row.version.decidedAt };
  else if (row?.report.status === "released")
    view = {
      state: "released",
      reference: row.report.reference,
      decidedAt: row.version.decidedAt,
      diagnosisReleased: row.version.diagnosisReleased,
      hadDiagnosis: hasDiagnosis(row.version.body),
    };
  else if (row?.report.status === "withheld")
    view = { state: "withheld", decidedAt: row.version.decidedAt };

  await recordAuditEvent(db, {
    action: "report.subject_viewed",
    outcome: view ? "success" : "denied",
    actor: subjectAuditActor(link),
    object: row ? { type: "report", id: row.report.id } : { type: "referral", id: link.referralId },
    request: origin,
    details: view
      ? { state: view.state, version: row?.version.version }
      : { reason: "no_report_for_subject", referralStatus: current.status },
  });
  return view;
}
