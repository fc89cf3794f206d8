import { and, eq } from "drizzle-orm";
import { report } from "~/db/schema/index.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReports } from "~/domain/kernel/visibility.server.ts";
import { getEmployerReport } from "./get-employer-report.server.ts";

/**
 * The released report of one of the employer's referrals, as the report page shows it, or null
 * when there is none (yet): the referral drawer shows it under a complete referral.
 */
export async function getReleasedReportForReferral(scope: Scope, referralId: string) {
  const { db } = requireEmployer(scope);
  const [row] = await db
    .select({ reference: report.reference })
    .from(report)
    .where(and(eq(report.referralId, referralId), visibleReports(scope)));
  if (!row) return null;
  const found = await getEmployerReport(scope, row.reference).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === "not_found") return null;
    throw error;
  });
  return found?.state === "released" ? found : null;
}
