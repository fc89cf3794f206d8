import { and, asc, eq } from "drizzle-orm";
import { organisation, referral, report, reportVersion } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import type { DoctorActor } from "~/domain/kernel/actor.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { askedQuestions } from "~/domain/referrals/management-questions.ts";
import {
  agreedItemTexts,
  type DisclosureItem,
} from "~/domain/reports/disclosure/disclosure-item.ts";
import { renderReportPdf } from "~/domain/reports/report-document.server.tsx";
import { loadReportHeader } from "~/domain/reports/report-header.server.ts";
import { reportHeaderFacts } from "~/domain/reports/report-header.ts";
import { reportSections } from "~/domain/reports/report-sections.ts";
import { signedVersionColumns } from "~/domain/reports/report-version.server.ts";
import { isSuperseded, versionMark } from "~/domain/reports/version-mark.ts";
import { isUuid } from "~/lib/ids.ts";
import { caseNotFound } from "./case-access.server.ts";

/**
 * The report on the doctor's own case (assigned to them, and visible to them by
 * `visibleReferrals`): a case reassigned to them brings its earlier versions with it.
 */
async function ownReport(scope: Scope<DoctorActor>, referralId: string) {
  if (!isUuid(referralId)) throw caseNotFound();
  const [row] = await scope.db
    .select({ report, referral, organisationName: organisation.name })
    .from(report)
    .innerJoin(referral, eq(referral.id, report.referralId))
    .innerJoin(organisation, eq(organisation.id, report.organisationId))
    .where(
      and(
        eq(report.referralId, referralId),
        visibleReferrals(scope),
        eq(referral.assignedDoctorId, scope.actor.userId),
      ),
    );
  if (!row) throw caseNotFound();
  return row;
}

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

/**
 * The PDF of one version of the doctor's report. The released version is the frozen PDF the
 * employer has, byte for byte. Any other signed version is drawn from its stored text as the
 * person read it (diagnosis included), marked on every page with its version and what became of
 * it: "superseded" when a later version replaced it. A draft has no PDF until it is signed.
 * Every download, and every refusal, is audited with the version and the PDF's SHA-256.
 */
export async function getReportVersionPdf(
  scope: Scope,
  { referralId, version }: { referralId: string; version: number },
): Promise<{ reference: string; pdf: Buffer }> {
  const doctor = requireDoctor(scope);
  const { db } = doctor;
  const row = await ownReport(doctor, referralId);
  const [v] = await db
    .select({
      ...signedVersionColumns,
      pdf: reportVersion.pdf,
      sha256: reportVersion.pdfSha256,
      subjectDecision: reportVersion.subjectDecision,
      decidedAt: reportVersion.decidedAt,
      disclosures: reportVersion.disclosures,
    })
    .from(reportVersion)
    .where(and(eq(reportVersion.reportId, row.report.id), eq(reportVersion.version, version)));
  const superseded = isSuperseded({ version, currentVersion: row.report.currentVersion });
  let pdf: Buffer | null = v?.pdf ?? null;
  let sha256 = v?.sha256 ?? null;
  if (v && !pdf && v.signedAt) {
    const [next] = await db
      .select({ createdAt: reportVersion.createdAt })
      .from(reportVersion)
      .where(
        and(eq(reportVersion.reportId, row.report.id), eq(reportVersion.version, version + 1)),
      );
    const { questions, ...caseHeader } = await loadReportHeader(db, row.referral);
    const signedAt = v.signedAt;
    ({ pdf, sha256 } = await renderReportPdf({
      header: {
        type: row.report.type,
        reportReference: row.report.reference,
        referralReference: row.referral.reference,
        version,
        subjectName: row.referral.subjectName,
        organisationName: row.organisationName,
        signedAt,
        // Never released: the consent line says so, whatever the person decided.
        approvedAt: null,
        ...caseHeader,
      },
      body: v.body,
      diagnosisReleased: true,
      signature: {
        name: v.authorName,
        qualifications: v.authorQualifications,
        gmcNumber: v.authorGmcNumber,
        signedAt,
      },
      questions,
      mark: versionMark({
        version,
        currentVersion: row.report.currentVersion,
        supersededAt: next?.createdAt ?? null,
        subjectDecision: v.subjectDecision,
      }),
    }));
  }
  await recordAuditEventAs(
    doctor,
    {
      action: "doctor.report_pdf_downloaded",
      outcome: pdf ? "success" : "denied",
      object: { type: "report", id: row.report.id },
      details: { version, sha256, released: Boolean(v?.pdf), superseded },
    },
    db,
  );
  if (!pdf) throw new DomainError("not_found", "This version has no PDF.");
  return {
    reference: `${row.report.reference}-v${version}${superseded ? "-superseded" : ""}`,
    pdf,
  };
}
