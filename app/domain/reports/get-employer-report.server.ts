import { and, eq, or } from "drizzle-orm";
import { organisation, referral, report, reportVersion } from "~/db/schema/index.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals, visibleReports } from "~/domain/kernel/visibility.server.ts";
import { askedQuestions, type SelectedQuestions } from "~/domain/referrals/management-questions.ts";
import { agreedItemTexts } from "./disclosure/disclosure-item.ts";
import { notFound, referenceFormat } from "./employer-report-reference.ts";
import type { ReportBody } from "./report-body.ts";
import { headerColumns, loadReportHeader } from "./report-header.server.ts";
import { reportHeaderFacts, signatureLines } from "./report-header.ts";
import { fitnessLabel, REPORT_TYPE_TITLES, reportSections } from "./report-sections.ts";
import { isReleasedVersionOf, signedVersionColumns } from "./report-version.server.ts";
import { selectReportsWithCase } from "./select-reports-with-case.server.ts";

/**
 * What the employer may see of one report: a released version as the person agreed to release it
 * (the diagnosis only if they said so), or for a withheld report only that consent was withheld.
 * Drafts, versions still with the person and another organisation's reports are not found.
 */
export async function getEmployerReport(scope: Scope, reference: string) {
  const { db } = requireEmployer(scope);
  if (!referenceFormat.test(reference)) notFound();
  const [row] = await selectReportsWithCase(db, {
    referralReference: referral.reference,
    subjectName: referral.subjectName,
    organisationName: organisation.name,
    header: headerColumns(referral),
  }).where(
    and(
      eq(report.reference, reference),
      // The released reports the employer may read (visibleReports), and of a withheld one
      // only that consent was withheld: the branch below returns nothing else about it.
      or(visibleReports(scope), and(visibleReferrals(scope), eq(report.status, "withheld"))),
    ),
  );
  if (!row) notFound();
  const base = {
    id: row.report.id,
    reference: row.report.reference,
    referralReference: row.referralReference,
    subjectName: row.subjectName,
    type: row.report.type,
    title: REPORT_TYPE_TITLES[row.report.type],
  };
  if (row.report.status === "withheld")
    return { ...base, state: "withheld" as const, withheldAt: row.report.withheldAt };

  const [version] = await db
    .select({
      ...signedVersionColumns,
      diagnosisReleased: reportVersion.diagnosisReleased,
      decidedAt: reportVersion.decidedAt,
      subjectStatement: reportVersion.subjectStatement,
      disclosures: reportVersion.disclosures,
    })
    .from(reportVersion)
    .where(and(isReleasedVersionOf(row.report), eq(reportVersion.subjectDecision, "approved")));
  if (!version) notFound();
  const signedAt = version.signedAt ?? row.report.releasedAt ?? new Date(0);
  const { questions: _asked, ...caseHeader } = await loadReportHeader(db, row.header);
  return {
    ...base,
    state: "released" as const,
    releasedAt: row.report.releasedAt,
    version: version.version,
    // The same header and signature lines as the frozen PDF (report-header.ts).
    facts: reportHeaderFacts({
      type: row.report.type,
      reportReference: row.report.reference,
      referralReference: row.referralReference,
      version: version.version,
      subjectName: row.subjectName,
      organisationName: row.organisationName,
      signedAt,
      approvedAt: version.decidedAt ?? row.report.releasedAt,
      disclosedItems: agreedItemTexts(version.disclosures),
      ...caseHeader,
    }),
    ...employerReportContent({ ...version, signedAt }, row.header.questions),
    signature: signatureLines({
      name: version.authorName,
      qualifications: version.authorQualifications,
      gmcNumber: version.authorGmcNumber,
      signedAt,
    }),
  };
}

/**
 * The employer-facing content of a released version, and nothing else: fitness, the sections as
 * the person agreed to release them (the diagnosis only if they said so), each employer question
 * once on the section that answers it, and the person's statement if they added one. The
 * employer's report page, the referral drawer and the PDF all show this.
 */
function employerReportContent(
  version: {
    body: ReportBody;
    diagnosisReleased: boolean;
    subjectStatement: string | null;
    signedAt?: Date | null;
  },
  questions: SelectedQuestions | null,
) {
  return {
    fitness: fitnessLabel(version.body),
    sections: reportSections(version.body, {
      includeDiagnosis: version.diagnosisReleased,
      questions: askedQuestions(questions),
      subjectStatement: version.subjectStatement,
      signedAt: version.signedAt,
    }),
  };
}
