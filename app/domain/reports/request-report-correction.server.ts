import { DomainError } from "~/domain/kernel/errors.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { CORRECTION_COMMENT_MAX } from "./correction-comment.ts";
import { decideOnReport } from "./lock-subject-report.server.ts";

/**
 * The person asks the doctor to correct a factual error in the version they read. The version
 * keeps their comment; the referral goes back to the doctor (`in_review`, marked as needing
 * attention) and the doctor is e-mailed. Nothing reaches the employer.
 */
export async function requestReportCorrection(
  scope: Scope,
  { version, comment }: { version: number; comment: string },
): Promise<{ reportId: string }> {
  const text = comment.trim();
  if (text.length === 0 || text.length > CORRECTION_COMMENT_MAX)
    throw new DomainError("invalid_input", "A correction needs a comment.");
  return decideOnReport(scope, {
    version,
    event: "subject_requested_correction",
    notify: "correction_requested",
    decide: async () => ({
      version: { subjectDecision: "correction", subjectComment: text },
      report: { status: "correction_requested" },
      referral: { correctionRequested: true },
      // The employer's timeline says nothing of a correction: it is between the person and doctor.
      activity: null,
      audit: { action: "report.correction_requested", details: { commentLength: text.length } },
      result: {},
    }),
  });
}
