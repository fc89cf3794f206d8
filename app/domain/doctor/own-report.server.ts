import { and, eq } from "drizzle-orm";
import { organisation, referral, report } from "~/db/schema/index.ts";
import type { DoctorActor } from "~/domain/kernel/actor.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { selectReportsWithCase } from "~/domain/reports/select-reports-with-case.server.ts";
import { isUuid } from "~/lib/ids.ts";
import { caseNotFound } from "./case-access.server.ts";

/**
 * The report on the doctor's own case (assigned to them, and visible to them by
 * `visibleReferrals`): a case reassigned to them brings its earlier versions with it.
 */
export async function ownReport(scope: Scope<DoctorActor>, referralId: string) {
  if (!isUuid(referralId)) throw caseNotFound();
  const [row] = await selectReportsWithCase(scope.db, {
    referral,
    organisationName: organisation.name,
  }).where(
    and(
      eq(report.referralId, referralId),
      visibleReferrals(scope),
      eq(referral.assignedDoctorId, scope.actor.userId),
    ),
  );
  if (!row) throw caseNotFound();
  return row;
}
