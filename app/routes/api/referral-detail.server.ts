import type { EmployerActor } from "~/domain/kernel/actor.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { getReferralForEmployer } from "~/domain/referrals/get-referral.server.ts";
import { getReferralStatusHistory } from "~/domain/referrals/get-referral-status-history.server.ts";
import { getReleasedReportForReferral } from "~/domain/reports/get-released-report-for-referral.server.ts";

/**
 * One referral as the API shows it (the contract's `ReferralDetail`): what the employer's own
 * pages show of it, its status history and, once released, its report's reference. Never the
 * person's answers; the employer's free text is dropped by the contract's schema.
 */
export async function referralDetail(scope: Scope<EmployerActor>, referralKey: string) {
  const referral = await getReferralForEmployer(scope, referralKey);
  const [history, report] = await Promise.all([
    getReferralStatusHistory(scope, referral.id),
    getReleasedReportForReferral(scope, referral.id),
  ]);
  return {
    ...referral,
    reportReference: report?.reference ?? null,
    history: history.map((step) => ({
      at: step.at,
      event: step.kind,
      label: step.label,
      status: step.status,
    })),
  };
}
