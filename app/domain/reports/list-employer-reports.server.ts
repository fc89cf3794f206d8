import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { referral, report } from "~/db/schema/index.ts";
import { readListQuery } from "~/domain/admin/list-filters.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import { escapeLike, pageOf } from "~/domain/kernel/list.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReports } from "~/domain/kernel/visibility.server.ts";
import { employerReportListQuerySchema } from "./report-list-query.ts";
import { REPORT_TYPE_TITLES } from "./report-sections.ts";

const employerReportPageSize = 25;

export type ReportTypeFilter = "all" | "management" | "pre-employment";

export interface EmployerReportListQuery {
  search: string;
  type: ReportTypeFilter;
  /** A generation (release) date, yyyy-MM-dd in UK time, or null for any. */
  date: string | null;
  page: number;
}

export function parseEmployerReportListQuery(params: URLSearchParams) {
  return readListQuery(params, employerReportListQuerySchema);
}

/** The title as the list shows and searches it: the same words in SQL and on screen. */
const titleSql = sql<string>`case ${report.type} when 'management' then ${REPORT_TYPE_TITLES.management} else ${REPORT_TYPE_TITLES.pre_employment} end`;

/**
 * One page of the organisation's released reports, newest first, searched and filtered in the
 * database. Drafts, versions with the person and withheld reports are never listed.
 */
export async function listEmployerReports(scope: Scope, query: EmployerReportListQuery) {
  const { db } = requireEmployer(scope);
  // The employer's reports are the released ones of their organisation (visibleReports).
  const conditions: SQL[] = [visibleReports(scope)];
  if (query.type !== "all")
    conditions.push(eq(report.type, query.type === "management" ? "management" : "pre_employment"));
  if (query.date)
    conditions.push(
      sql`(${report.releasedAt} at time zone 'Europe/London')::date = ${query.date}::date`,
    );
  const term = query.search.toLowerCase();
  if (term)
    conditions.push(
      sql`lower(${titleSql} || ' ' || ${report.reference} || ' ' || ${referral.subjectName}) like ${`%${escapeLike(term)}%`}`,
    );
  const where = and(...conditions);

  const [rows, [total]] = await Promise.all([
    db
      .select({
        reference: report.reference,
        type: report.type,
        title: titleSql,
        subjectName: referral.subjectName,
        releasedAt: report.releasedAt,
      })
      .from(report)
      .innerJoin(referral, eq(referral.id, report.referralId))
      .where(where)
      .orderBy(desc(report.releasedAt), desc(report.id))
      .limit(employerReportPageSize)
      .offset((query.page - 1) * employerReportPageSize),
    db
      .select({ n: count() })
      .from(report)
      .innerJoin(referral, eq(referral.id, report.referralId))
      .where(where),
  ]);
  return pageOf(
    rows.map((r) => ({ ...r, format: "PDF" as const })),
    query.page,
    total?.n ?? 0,
    employerReportPageSize,
  );
}
