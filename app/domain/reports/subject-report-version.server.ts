import type { SQL } from "drizzle-orm";
import { report, reportVersion } from "~/db/schema/index.ts";
import type { SubjectActor } from "~/domain/kernel/actor.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReports } from "~/domain/kernel/visibility.server.ts";
import { isCurrentVersionOf, isReleasedVersionOf } from "./report-version.server.ts";

/** The report on the person's referral with the version `which` picks, read through their scope. */
async function reportWithVersion(scope: Scope<SubjectActor>, which: SQL) {
  const [row] = await scope.db
    .select({ report, version: reportVersion })
    .from(report)
    .innerJoin(reportVersion, which)
    .where(visibleReports(scope));
  return row;
}

/** The report on the person's referral with the version now current. */
export function currentVersionOf(scope: Scope<SubjectActor>) {
  return reportWithVersion(scope, isCurrentVersionOf(report));
}

/**
 * The report on the person's referral with the version it was released at (none before the first
 * release): during an amendment, still the version the employer has.
 */
export function releasedVersionOf(scope: Scope<SubjectActor>) {
  return reportWithVersion(scope, isReleasedVersionOf(report));
}

/** What was read: the report when there is one, else (by default) the referral of the link. */
export function reportObject(reportId: string | undefined) {
  return reportId ? { type: "report", id: reportId } : undefined;
}
