import { report, reportVersion } from "~/db/schema/index.ts";
import type { SubjectActor } from "~/domain/kernel/actor.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReports } from "~/domain/kernel/visibility.server.ts";
import { isCurrentVersionOf, isReleasedVersionOf } from "./report-version.server.ts";

/** The report on the person's referral with the version now current, read through their scope. */
export async function currentVersionOf(scope: Scope<SubjectActor>) {
  const [row] = await scope.db
    .select({ report, version: reportVersion })
    .from(report)
    .innerJoin(reportVersion, isCurrentVersionOf(report))
    .where(visibleReports(scope));
  return row;
}

/**
 * The report on the person's referral with the version it was released at (none before the first
 * release): during an amendment, still the version the employer has.
 */
export async function releasedVersionOf(scope: Scope<SubjectActor>) {
  const [row] = await scope.db
    .select({ report, version: reportVersion })
    .from(report)
    .innerJoin(reportVersion, isReleasedVersionOf(report))
    .where(visibleReports(scope));
  return row;
}

/** What was read: the report when there is one, else (by default) the referral of the link. */
export function reportObject(reportId: string | undefined) {
  return reportId ? { type: "report", id: reportId } : undefined;
}
