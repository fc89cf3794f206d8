import { z } from "zod";
import { filterPage, filterText, parseFilter } from "~/domain/admin/list-filters.ts";
import { isUuid } from "~/lib/ids.ts";
import { doctorTabs } from "./doctor-queue.ts";
import { contactAttemptSchema } from "./safety-contact-form.ts";

/*
 * The doctor dashboard's forms (docs/architecture.md §3, "Forms"): the list's search (GET, read by
 * the loader from the query string and by the form in the browser) and the actions posted from the
 * list and a case's sheet, told apart by `intent`.
 */

/**
 * The list's tab, search and page. A query never refuses: anything odd reads as "no filter", so a
 * stale link still shows the list.
 */
export const doctorListQuerySchema = z
  .object({ tab: z.enum(doctorTabs).catch("all"), q: filterText(100), page: filterPage })
  .transform(({ tab, q, page }) => ({ tab, search: q, page }));
export type DoctorListQuery = z.output<typeof doctorListQuerySchema>;

export function parseDoctorListQuery(params: URLSearchParams): DoctorListQuery {
  return parseFilter(params, doctorListQuerySchema);
}

/** A case's id the page put in the form itself. */
const referralId = z.string().refine(isUuid);

/**
 * What the dashboard posts: taking a queued case, reminding the employee of their report and
 * amending a released report are a button each on a case; the contact attempt is the sheet's form (contactAttemptSchema).
 */
export function dashboardFormSchema(now: Date) {
  return z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("take"), referralId }),
    z.object({ intent: z.literal("remind"), referralId }),
    z.object({ intent: z.literal("amend"), referralId }),
    contactAttemptSchema(now).extend({ intent: z.literal("contact-attempt"), referralId }),
  ]);
}
