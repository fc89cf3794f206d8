import { z } from "zod";
import { filterPage, filterSearch } from "~/domain/admin/list-filters.ts";

/**
 * The employer's report list's search, type and date (GET /employer-reports; docs/architecture.md
 * §3, "Forms"): the loader reads the query string with it and the form checks the same in the
 * browser. A search longer than the box allows is
 * refused with a message; anything else odd reads as no filter.
 */
export const employerReportListQuerySchema = z
  .object({
    q: filterSearch(100),
    type: z.enum(["all", "management", "pre-employment"]).catch("all"),
    date: z
      .string()
      .optional()
      .transform((date) =>
        date && /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`))
          ? date
          : null,
      ),
    page: filterPage,
  })
  .transform(({ q, type, date, page }) => ({
    search: q,
    type,
    date,
    page,
  }));
