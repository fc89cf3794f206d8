import type { referral } from "~/db/schema/index.ts";
import { auditSubjectEvent } from "~/domain/assessments/lock-referral.server.ts";
import { requireSubject } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { organisationDisplayName } from "~/domain/referrals/organisation-name.server.ts";
import type { DisclosureItem } from "./disclosure/disclosure-item.ts";
import { loadReportHeader } from "./report-header.server.ts";
import { type ReportFact, reportHeaderFacts, signatureLines } from "./report-header.ts";
import { hasDiagnosis, type ReportSection, reportSections } from "./report-sections.ts";
import { subjectCopyAvailable, subjectCopyUntil } from "./subject-copy.ts";
import {
  currentVersionOf,
  releasedVersionOf,
  reportObject,
} from "./subject-report-version.server.ts";

type SubjectReportView =
  | {
      state: "awaiting_decision";
      reference: string;
      type: "management" | "pre_employment";
      version: number;
      sections: ReportSection[];
      hasDiagnosis: boolean;
      /** The header the employer's page and the PDF carry (report-header.ts). */
      facts: ReportFact[];
      /** Name, qualifications, GMC number, signing date. */
      signature: string[];
      authorName: string;
      signedAt: Date;
      reviewDueAt: Date | null;
      /** Set when the doctor declined the person's correction and re-sent the report unchanged. */
      correctionDeclineReason: string | null;
      /** What the employer will be told, item by item, with the person's answers so far. */
      disclosures: DisclosureItem[];
    }
  | {
      state: "correction_requested";
      decidedAt: Date | null;
      /** How many items the person asked the doctor to remove (0: a factual correction). */
      removals: number;
    }
  | {
      state: "released";
      reference: string;
      decidedAt: Date | null;
      diagnosisReleased: boolean;
      hadDiagnosis: boolean;
      /** Until when the person can download their copy (null: no longer). */
      copyUntil: Date | null;
      subjectStatement: string | null;
      /** The doctor is amending it; the person will be asked to review the amended version. */
      amendmentInProgress: boolean;
    }
  | { state: "withheld"; decidedAt: Date | null };

/**
 * What the person holding the link sees at /assessment/:token/report: the version sent to them
 * with every section (the diagnosis included: it is about them), or where their decision left
 * it. Null when no report has been sent to them. Every read is audited.
 */
export async function loadReportForSubject(
  scope: Scope,
  { referral: current }: { referral: typeof referral.$inferSelect },
): Promise<SubjectReportView | null> {
  const subject = requireSubject(scope);
  const { db, now } = subject;
  const row = await currentVersionOf(subject);

  let view: SubjectReportView | null = null;
  if (row?.report.status === "awaiting_subject" && current.status === "awaiting_subject") {
    const { version } = row;
    const signedAt = version.signedAt;
    if (signedAt && version.sentAt && !version.subjectDecision) {
      const { questions: _asked, ...caseHeader } = await loadReportHeader(db, current);
      view = {
        state: "awaiting_decision",
        reference: row.report.reference,
        type: row.report.type,
        version: version.version,
        sections: reportSections(version.body, { includeDiagnosis: true, signedAt }),
        hasDiagnosis: hasDiagnosis(version.body),
        facts: reportHeaderFacts({
          type: row.report.type,
          reportReference: row.report.reference,
          referralReference: current.reference,
          version: version.version,
          subjectName: current.subjectName,
          organisationName: await organisationDisplayName(db, current.organisationId),
          signedAt,
          approvedAt: null,
          ...caseHeader,
        }),
        signature: signatureLines({
          name: version.authorName,
          qualifications: version.authorQualifications,
          gmcNumber: version.authorGmcNumber,
          signedAt,
        }),
        authorName: version.authorName,
        signedAt,
        reviewDueAt: row.report.reviewDueAt,
        correctionDeclineReason: version.correctionDeclineReason ?? null,
        disclosures: version.disclosures ?? [],
      };
    }
  } else if (row?.report.status === "correction_requested")
    view = {
      state: "correction_requested",
      decidedAt: row.version.decidedAt,
      removals: (row.version.disclosures ?? []).filter((i) => i.decision === "removal_asked")
        .length,
    };
  else if (
    row?.report.status === "released" ||
    (row?.report.status === "draft" && row.report.releasedVersion !== null)
  ) {
    // Released, or released before and now being amended: the version released stands meanwhile.
    const amending = row.report.status === "draft";
    const released = amending ? await releasedVersionOf(subject) : row;
    if (released)
      view = {
        state: "released",
        reference: released.report.reference,
        decidedAt: released.version.decidedAt,
        diagnosisReleased: released.version.diagnosisReleased,
        hadDiagnosis: hasDiagnosis(released.version.body),
        copyUntil: subjectCopyAvailable(released.report.releasedAt, now)
          ? subjectCopyUntil(released.report.releasedAt)
          : null,
        subjectStatement: released.version.subjectStatement ?? null,
        amendmentInProgress: amending,
      };
  } else if (row?.report.status === "withheld")
    view = { state: "withheld", decidedAt: row.version.decidedAt };

  await auditSubjectEvent(db, subject, {
    action: "report.subject_viewed",
    outcome: view ? "success" : "denied",
    object: reportObject(row?.report.id),
    details: view
      ? { state: view.state, version: row?.version.version }
      : { reason: "no_report_for_subject", referralStatus: current.status },
  });
  return view;
}
