import { z } from "zod";
import { filterPage, parseFilter } from "./list-filters.ts";

export const inboxKinds = ["contact", "interest"] as const;
export type InboxKind = (typeof inboxKinds)[number];
const inboxStates = ["open", "handled", "all"] as const;

/** The inbox's tabs and pages (GET /admin/inbox): contact messages not yet handled, unless asked. */
export const inboxFilterSchema = z.object({
  kind: z.enum(inboxKinds).catch("contact"),
  state: z.enum(inboxStates).catch("open"),
  page: filterPage,
});
export type InboxFilter = z.output<typeof inboxFilterSchema>;

export function parseInboxFilter(params: URLSearchParams): InboxFilter {
  return parseFilter(params, inboxFilterSchema);
}

/** The "Mark handled" form on each message: which list it is in, and its id. */
export const markHandledSchema = z.object({
  kind: z.enum(inboxKinds, { error: "Unknown inbox" }),
  id: z.string().catch(""),
});
