import { DomainError } from "~/domain/kernel/errors.ts";
import { requireSubject } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { decideOnReport } from "./lock-subject-report.server.ts";
import { currentVersionOf } from "./subject-report-version.server.ts";

/**
 * The person withholds consent to release. The report and the referral end as `withheld`; the
 * employer is e-mailed only that consent was withheld, and never sees any version.
 *
 * Withholding an amendment of a report released before ends the amendment, not the case
 * (docs/architecture.md §4, "Amending a released report"): the version released before stays the
 * one the employer reads, the report is `released` at it again and the case `complete`; the
 * doctor is told, the employer is not.
 */
export async function withholdReportConsent(
  scope: Scope,
  { version }: { version: number },
): Promise<{ reportId: string }> {
  const subject = requireSubject(scope);
  // Which decision this is depends on whether a version was released before; the locked read
  // below checks that it still holds.
  const amendment = ((await currentVersionOf(subject))?.report.releasedVersion ?? null) !== null;
  if (!amendment)
    return decideOnReport(scope, {
      version,
      event: "subject_withheld",
      notify: "withheld",
      decide: async () => ({
        version: { subjectDecision: "withheld" },
        report: { status: "withheld", withheldAt: scope.now },
        referral: { closedAt: scope.now, correctionRequested: false },
        activity: "withheld",
        audit: { action: "report.consent_withheld", details: {} },
        result: {},
      }),
    });
  return decideOnReport(scope, {
    version,
    event: "amendment_withheld",
    notify: "amendment_withheld",
    decide: async (_tx, locked) => {
      const releasedVersion = locked.report.releasedVersion;
      if (releasedVersion === null)
        throw new DomainError("invalid_state", "This report is not waiting for your decision.");
      return {
        version: { subjectDecision: "withheld" },
        report: { status: "released", currentVersion: releasedVersion },
        referral: { correctionRequested: false },
        activity: "amendment_withheld",
        audit: { action: "report.amendment_withheld", details: { releasedVersion } },
        result: {},
      };
    },
  });
}
