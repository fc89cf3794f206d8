import { type AnyColumn, and, eq, type SQL, sql } from "drizzle-orm";
import { reportVersion } from "~/db/schema/index.ts";

/**
 * The version a report now stands at, as a condition on `report_version`: for a report read
 * already (its id and current version), or for the `report` table itself in a join.
 */
export function isCurrentVersionOf(of: {
  id: string | AnyColumn;
  currentVersion: number | AnyColumn;
}): SQL {
  return and(
    eq(reportVersion.reportId, of.id),
    eq(reportVersion.version, of.currentVersion),
  ) as SQL;
}

/**
 * The version the employer reads, as a condition on `report_version`: the last one the person
 * approved, which stays put while an amendment is written and reviewed.
 */
export function isReleasedVersionOf(of: {
  id: string | AnyColumn;
  releasedVersion: number | null | AnyColumn;
}): SQL {
  return and(
    eq(reportVersion.reportId, of.id),
    of.releasedVersion === null
      ? sql`false`
      : eq(reportVersion.version, of.releasedVersion as number | AnyColumn),
  ) as SQL;
}

/** A version's text with the signature it was written under, as its readers show it. */
export const signedVersionColumns = {
  version: reportVersion.version,
  body: reportVersion.body,
  authorName: reportVersion.authorName,
  authorGmcNumber: reportVersion.authorGmcNumber,
  authorQualifications: reportVersion.authorQualifications,
  signedAt: reportVersion.signedAt,
};
