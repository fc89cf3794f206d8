import { eq } from "drizzle-orm";
import { organisation } from "~/db/schema/index.ts";
import {
  countReleasedOutcome,
  firstReleaseOf,
} from "~/domain/insight/count-released-outcome.server.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { recordReviewDates } from "./case-reviews.server.ts";
import { agreedItemTexts, allAgreed } from "./disclosure/disclosure-item.ts";
import { decideOnReport } from "./lock-subject-report.server.ts";
import { renderReportPdf } from "./render-report-pdf.server.ts";
import { loadReportHeader } from "./report-header.server.ts";
import { hasDiagnosis } from "./report-sections.ts";
import { SUBJECT_STATEMENT_MAX } from "./subject-copy.ts";

/** Why an approval is refused while an item waits for the person's answer. */
const DISCLOSURES_UNANSWERED =
  "Before you approve, answer each item under “Your employer will be told”: agree to it, or ask the doctor to remove it.";

/**
 * The person approves the version they read, and it is released in the same transaction: the
 * version is frozen with its decision, its PDF and the PDF's SHA-256 (a trigger refuses any later
 * change), the report is `released` and the referral `complete`, and the review dates its terms
 * set go onto the organisation's calendar (`recordReviewDates`). The employer's e-mail is a job
 * sent after the commit, retried until delivered.
 *
 * `releaseDiagnosis` is the person's separate, explicit choice; it counts only when the report has
 * a diagnosis to release.
 */
export async function approveReport(
  scope: Scope,
  {
    version,
    releaseDiagnosis,
    statement: rawStatement,
  }: {
    version: number;
    releaseDiagnosis: boolean;
    /** The person's own statement; only on a version re-sent after a declined correction. */
    statement?: string;
  },
): Promise<{ reportId: string; pdfSha256: string }> {
  const { now } = scope;
  const statementText = rawStatement?.trim() ?? "";
  if (statementText.length > SUBJECT_STATEMENT_MAX)
    throw new DomainError(
      "invalid_input",
      `Keep your statement under ${SUBJECT_STATEMENT_MAX} characters.`,
    );
  return decideOnReport(scope, {
    version,
    event: "subject_approved",
    notify: "released",
    decide: async (tx, locked) => {
      // Release needs the person's agreement to every clinical statement the employer would read
      // (docs/decisions/0016-disclosure-gate.md).
      if (!allAgreed(locked.version.disclosures))
        throw new DomainError("invalid_input", DISCLOSURES_UNANSWERED);
      // A statement belongs beside a declined correction; elsewhere the person asks for a correction.
      const subjectStatement =
        locked.version.correctionDeclineReason && statementText ? statementText : null;
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
          disclosedItems: agreedItemTexts(locked.version.disclosures),
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
      // The review dates go onto the organisation's calendar with the release itself, so no
      // released report lacks them and no withheld one has any (docs/architecture.md §4).
      await recordReviewDates(tx, locked.report, locked.version, now);
      // The management information counts the person once, in the month of the first release,
      // with the outcome of the version the employer now reads: an approved amendment moves the
      // counts from the old outcome to the new (a withheld one changes nothing).
      await countReleasedOutcome(tx, {
        reportId: locked.report.id,
        organisationId: locked.referral.organisationId,
        ownerId: locked.referral.ownerId,
        version: locked.version.version,
        body: locked.version.body,
        firstReleasedAt:
          locked.report.releasedVersion === null
            ? now
            : await firstReleaseOf(tx, locked.report.id, now),
      });
      return {
        version: {
          subjectDecision: "approved",
          diagnosisReleased,
          subjectStatement,
          pdf,
          pdfSha256: sha256,
        },
        // The employer now reads this version (an amendment's approval moves them on to it).
        report: { status: "released", releasedAt: now, releasedVersion: locked.version.version },
        // The case completed at its first release: an amendment's approval keeps that time, so
        // the turnaround counted stays the first release's (docs/architecture.md, "Management
        // information").
        referral:
          locked.report.releasedVersion === null
            ? { completedAt: now, correctionRequested: false }
            : { correctionRequested: false },
        activity: "released",
        audit: {
          action: "report.approved_and_released",
          details: {
            diagnosisReleased,
            pdfSha256: sha256,
            statementLength: subjectStatement?.length ?? 0,
          },
        },
        result: { pdfSha256: sha256 },
      };
    },
  });
}
