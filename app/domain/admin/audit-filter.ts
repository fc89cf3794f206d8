import { z } from "zod";
import { filterPage, filterText, parseFilter } from "./list-filters.ts";

const day = /^\d{4}-\d{2}-\d{2}$/;

/** An inclusive UTC day, YYYY-MM-DD; anything else is no limit. */
const filterDay = filterText(200).transform((value) =>
  day.test(value) && !Number.isNaN(Date.parse(value)) ? value : "",
);

/** The audit log's filter form (GET /admin/audit, and the CSV export of the same filter). */
export const auditFilterSchema = z.object({
  /** An e-mail address or a user id. */
  actor: filterText(200),
  organisation: filterText(200),
  /** A case reference (`REF-` and six digits, or `OCC-` and five characters) or a referral id. */
  referral: filterText(200),
  /** An action or the start of one: `admin.` matches every admin action. */
  action: filterText(200),
  from: filterDay,
  to: filterDay,
  page: filterPage,
});
export type AuditFilter = z.output<typeof auditFilterSchema>;

export function parseAuditFilter(params: URLSearchParams): AuditFilter {
  return parseFilter(params, auditFilterSchema);
}

/** The filter as a query string, without the page: for the CSV link. */
export function auditFilterParams({ page: _page, ...filter }: AuditFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  return params;
}
