import { z } from "zod";
import { filterSearch } from "~/domain/admin/list-filters.ts";
import { isUuid } from "~/lib/ids.ts";
import { referralStatuses } from "./lifecycle.ts";

/** A page cursor: a referral's id, or none. */
const cursor = z
  .string()
  .optional()
  .transform((value) => (value && isUuid(value) ? value.toLowerCase() : undefined));

/**
 * The employer's referral list's search and status (GET /employer-referrals; docs/architecture.md
 * §3, "Forms"): the loader reads the query string with it and the form checks the same in the
 * browser. A search longer than the box allows is
 * refused with a message; anything else odd reads as no filter.
 */
export const referralListQuerySchema = z
  .object({
    q: filterSearch(100),
    status: z.enum(["all", ...referralStatuses]).catch("all"),
    after: cursor,
    before: cursor,
  })
  .transform(({ q, status, after, before }) => ({
    search: q,
    status,
    after,
    // Both at once cannot come from our links; the next page wins.
    before: after ? undefined : before,
  }));
