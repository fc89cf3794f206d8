import { and, desc, eq } from "drizzle-orm";
import { questionnaireResponse, referral, report, reportVersion } from "~/db/schema/index.ts";
import { definitionOfResponse } from "~/domain/assessments/assessment-instance.ts";
import { formatAnswer } from "~/domain/assessments/build-transcript.ts";
import { walkItems } from "~/domain/assessments/walk-items.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import {
  visibleEarlierCases,
  visibleEarlierQuestionnaireResponses,
  visibleEarlierReports,
  visibleReferrals,
} from "~/domain/kernel/visibility.server.ts";
import { askedQuestions } from "~/domain/referrals/management-questions.ts";
import { type ReportSection, reportSections } from "~/domain/reports/report-sections.ts";
import { isReleasedVersionOf } from "~/domain/reports/report-version.server.ts";
import { auditCase } from "./case-access.server.ts";
import type { AnswerEvidence } from "./get-doctor-case.server.ts";

/** One earlier case of the person, as the follow-up's doctor reads it. */
export interface EarlierCase {
  reference: string;
  type: "management" | "pre_employment";
  referredOn: Date;
  /** The report as the employer received it (its released version), or null when none was. */
  report: {
    reference: string;
    version: number;
    releasedAt: Date | null;
    sections: ReportSection[];
  } | null;
  answers: AnswerEvidence[];
}

/**
 * The person's earlier cases with the organisation, for the doctor on a follow-up
 * (docs/architecture.md §4, "Follow-up referrals"): each earlier case's released report at the
 * version the employer reads, and the person's completed answers. Everything is read through
 * `visibleEarlierCases` and its report and answer builders, so without the person's consent on
 * the follow-up (or for a doctor not on it) the list is empty, and says nothing of whether earlier
 * cases exist. Each earlier case read is audited, on that case, naming the follow-up.
 */
export async function getEarlierCases(
  scope: Scope,
  { referralId, purpose }: { referralId: string; purpose: "case" | "editor" },
): Promise<EarlierCase[]> {
  const doctor = requireDoctor(scope);
  const { db } = doctor;
  const cases = await db
    .select({
      id: referral.id,
      reference: referral.reference,
      type: referral.type,
      createdAt: referral.createdAt,
      questions: referral.questions,
    })
    .from(referral)
    .where(visibleEarlierCases(doctor, referralId))
    .orderBy(desc(referral.createdAt));
  if (cases.length === 0) return [];
  const reports = await db
    .select({
      referralId: report.referralId,
      reference: report.reference,
      releasedAt: report.releasedAt,
      version: reportVersion.version,
      body: reportVersion.body,
      signedAt: reportVersion.signedAt,
      subjectStatement: reportVersion.subjectStatement,
    })
    .from(report)
    .innerJoin(reportVersion, isReleasedVersionOf(report))
    .where(visibleEarlierReports(doctor, referralId));
  const responses = await db
    .select()
    .from(questionnaireResponse)
    .where(visibleEarlierQuestionnaireResponses(doctor, referralId));
  const [followUp] = await db
    .select({ reference: referral.reference })
    .from(referral)
    .where(and(eq(referral.id, referralId), visibleReferrals(doctor)));
  const shown: EarlierCase[] = [];
  for (const earlier of cases) {
    const released = reports.find((r) => r.referralId === earlier.id);
    const response = responses.find((r) => r.referralId === earlier.id);
    const answers: AnswerEvidence[] = [];
    if (response) {
      const definition = definitionOfResponse(response);
      for (const { item } of walkItems(definition)) {
        const value = response.answers[item.linkId];
        if (value === undefined) continue;
        answers.push({
          linkId: item.linkId,
          question: item.text ?? item.linkId,
          answer: formatAnswer(item, value),
        });
      }
    }
    await auditCase(db, doctor, earlier.id, "doctor.earlier_case_read", {
      purpose,
      followUp: followUp?.reference ?? null,
      reportVersionShown: released?.version ?? null,
      answersShown: answers.length,
    });
    shown.push({
      reference: earlier.reference,
      type: earlier.type,
      referredOn: earlier.createdAt,
      report: released
        ? {
            reference: released.reference,
            version: released.version,
            releasedAt: released.releasedAt,
            sections: reportSections(released.body, {
              includeDiagnosis: true,
              questions: askedQuestions(earlier.questions),
              subjectStatement: released.subjectStatement,
              signedAt: released.signedAt,
            }),
          }
        : null,
      answers,
    });
  }
  return shown;
}
