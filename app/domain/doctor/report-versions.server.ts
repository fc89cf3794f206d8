import { asc, eq } from "drizzle-orm";
import { reportVersion } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { askedQuestions } from "~/domain/referrals/management-questions.ts";
import {
  agreedItemTexts,
  type DisclosureItem,
} from "~/domain/reports/disclosure/disclosure-item.ts";
import { loadReportHeader } from "~/domain/reports/report-header.server.ts";
import { reportHeaderFacts } from "~/domain/reports/report-header.ts";
import { reportSections } from "~/domain/reports/report-sections.ts";
import { signedVersionColumns } from "~/domain/reports/report-version.server.ts";
import { isSuperseded } from "~/domain/reports/version-mark.ts";
import { ownReport } from "./own-report.server.ts";

/** The header of a signed version as the person read it, or as released when it was. */
function versionFacts(
  row: Awaited<ReturnType<typeof ownReport>>,
  caseHeader: CaseHeader,
  v: {
    version: number;
    signedAt: Date;
    subjectDecision: "approved" | "correction" | "withheld" | null;
    decidedAt: Date | null;
    disclosures: DisclosureItem[] | null;
  },
) {
  const approved = v.subjectDecision === "approved";
  return reportHeaderFacts({
    type: row.report.type,
    reportReference: row.report.reference,
    referralReference: row.referral.reference,
    version: v.version,
    subjectName: row.referral.subjectName,
    organisationName: row.organisationName,
    signedAt: v.signedAt,
    approvedAt: approved ? (v.decidedAt ?? row.report.releasedAt) : null,
    disclosedItems: approved ? agreedItemTexts(v.disclosures) : [],
    ...caseHeader,
  });
}

type CaseHeader = Omit<Awaited<ReturnType<typeof loadReportHeader>>, "questions">;

/**
 * Every version of the doctor's report on a case, before and after release, each as the person
 * read it (diagnosis included) with the header and signature it was sent under, the person's
 * decision and comment, the doctor's reason for a declined correction and the person's
 * statement, and whether a later version superseded it. Audited.
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
      disclosures: reportVersion.disclosures,
      createdAt: reportVersion.createdAt,
      frozen: reportVersion.pdfSha256,
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
  const { questions: _asked, ...caseHeader } = await loadReportHeader(db, row.referral);
  const questions = askedQuestions(row.referral.questions);
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
    versions: versions.map(({ body, frozen, disclosures, createdAt: _c, ...v }) => ({
      ...v,
      /** The frozen PDF the employer received. */
      released: Boolean(frozen),
      /** Every signed version has a PDF: the frozen one, or the doctor's marked copy. */
      downloadable: Boolean(v.signedAt),
      superseded: isSuperseded({ version: v.version, currentVersion: row.report.currentVersion }),
      facts: v.signedAt
        ? versionFacts(row, caseHeader, { ...v, signedAt: v.signedAt, disclosures })
        : null,
      sections: reportSections(body, {
        includeDiagnosis: true,
        questions,
        subjectStatement: v.subjectStatement,
        signedAt: v.signedAt,
      }),
    })),
  };
}
