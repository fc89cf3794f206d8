import type { Scope } from "~/domain/kernel/scope.ts";
import { decideOnReport } from "./lock-subject-report.server.ts";

/**
 * The person withholds consent to release. The report and the referral end as `withheld`; the
 * employer is e-mailed only that consent was withheld, and never sees any version.
 */
export async function withholdReportConsent(
  scope: Scope,
  { version }: { version: number },
): Promise<{ reportId: string }> {
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
}
