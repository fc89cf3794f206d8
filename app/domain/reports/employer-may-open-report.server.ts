import { and, eq, or } from "drizzle-orm";
import { referral, report } from "~/db/schema/index.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals, visibleReports } from "~/domain/kernel/visibility.server.ts";
import { referenceFormat } from "./employer-report-reference.ts";

/**
 * Whether the employer may open the report with this reference, reading nothing of it: where a
 * `?viewReport=` link goes. The report page it leads to reads and audits the report itself.
 */
export async function employerMayOpenReport(scope: Scope, reference: string): Promise<boolean> {
  const { db } = requireEmployer(scope);
  if (!referenceFormat.test(reference)) return false;
  const [row] = await db
    .select({ id: report.id })
    .from(report)
    .innerJoin(referral, eq(referral.id, report.referralId))
    .where(
      and(
        eq(report.reference, reference),
        or(visibleReports(scope), and(visibleReferrals(scope), eq(report.status, "withheld"))),
      ),
    );
  return row !== undefined;
}
