import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { organisation, referral, report, reportVersion } from "~/db/schema/index.ts";
import { type EmployerActor, ReferralError } from "~/domain/referrals/actor.ts";
import { REFERRAL_QUESTIONS, type SelectedQuestions } from "./drafter.ts";
import type { ReportBody } from "./report-body.ts";
import { headerColumns, loadReportHeader } from "./report-header.server.ts";
import { reportHeaderFacts, signatureLines } from "./report-header.ts";
import { fitnessLabel, REPORT_TYPE_TITLES, reportSections } from "./report-sections.ts";

const referenceFormat = /^REP-[A-Z0-9]{4,12}$/;

function notFound(): never {
  throw new ReferralError("not_found", "Report not found.");
}

/**
 * What the employer may see of one report: a released version as the person agreed to release it
 * (the diagnosis only if they said so), or for a withheld report only that consent was withheld.
 * Drafts, versions still with the person and another organisation's reports are not found.
 */
export async function getEmployerReport(
  db: Database,
  { actor, reference }: { actor: EmployerActor; reference: string },
) {
  if (!referenceFormat.test(reference)) notFound();
  const [row] = await db
    .select({
      report,
      referralReference: referral.reference,
      subjectName: referral.subjectName,
      organisationName: organisation.name,
      header: headerColumns(referral),
    })
    .from(report)
    .innerJoin(referral, eq(referral.id, report.referralId))
    .innerJoin(organisation, eq(organisation.id, report.organisationId))
    .where(
      and(
        eq(report.reference, reference),
        eq(report.organisationId, actor.organisationId),
        inArray(report.status, ["released", "withheld"]),
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
      version: reportVersion.version,
      body: reportVersion.body,
      authorName: reportVersion.authorName,
      authorGmcNumber: reportVersion.authorGmcNumber,
      authorQualifications: reportVersion.authorQualifications,
      signedAt: reportVersion.signedAt,
      diagnosisReleased: reportVersion.diagnosisReleased,
      decidedAt: reportVersion.decidedAt,
      subjectStatement: reportVersion.subjectStatement,
    })
    .from(reportVersion)
    .where(
      and(
        eq(reportVersion.reportId, row.report.id),
        eq(reportVersion.version, row.report.currentVersion),
        eq(reportVersion.subjectDecision, "approved"),
      ),
    );
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
export function employerReportContent(
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
      questions: REFERRAL_QUESTIONS.filter((q) => questions?.[q]),
      subjectStatement: version.subjectStatement,
      signedAt: version.signedAt,
    }),
  };
}

/** The frozen PDF of a released report of the actor's organisation. */
export async function getEmployerReportPdf(
  db: Database,
  { actor, reference }: { actor: EmployerActor; reference: string },
): Promise<{ reportId: string; reference: string; pdf: Buffer; sha256: string }> {
  if (!referenceFormat.test(reference)) notFound();
  const [row] = await db
    .select({ id: report.id, pdf: reportVersion.pdf, sha256: reportVersion.pdfSha256 })
    .from(report)
    .innerJoin(
      reportVersion,
      and(eq(reportVersion.reportId, report.id), eq(reportVersion.version, report.currentVersion)),
    )
    .where(
      and(
        eq(report.reference, reference),
        eq(report.organisationId, actor.organisationId),
        eq(report.status, "released"),
        eq(reportVersion.subjectDecision, "approved"),
      ),
    );
  if (!row?.pdf || !row.sha256) notFound();
  return { reportId: row.id, reference, pdf: row.pdf, sha256: row.sha256 };
}
