import { z } from "zod";
import {
  type ReferralStatus,
  referralStatuses,
  statusesWhere,
} from "~/domain/referrals/lifecycle.ts";
import { filterChoice, filterPage, filterText, parseFilter } from "./list-filters.ts";

/**
 * A case can change doctor at any point before its report is signed and sent: from the
 * invitation (so the doctor who will write the report also watches a safety flag raised before
 * the answers are sent) to review. Once the report is with the person, the signing doctor stays.
 */
export const reassignableStatuses: readonly ReferralStatus[] = statusesWhere("admin", "reassign");

const caseTypes = ["pre_employment", "management"] as const;
export type CaseType = (typeof caseTypes)[number];

/** The overview's links: cases past their SLA, or open and urgent. */
const caseFlags = ["sla-breached", "urgent"] as const;

/** The case list's filter form (GET /admin/cases): the query string's names are the fields'. */
export const caseFilterSchema = z.object({
  q: filterText(100),
  status: filterChoice(referralStatuses),
  type: filterChoice(caseTypes),
  organisation: z
    .string()
    .optional()
    .transform((value) => value || null),
  flag: filterChoice(caseFlags),
  page: filterPage,
});
export type CaseFilter = z.output<typeof caseFilterSchema>;

/** The reassignment form on each case row. */
export const reassignCaseSchema = z.object({
  referralId: z.string().catch(""),
  /** None chosen reads as "", which the domain answers as no such doctor. */
  doctorUserId: z.string().catch(""),
});

export function parseCaseFilter(params: URLSearchParams): CaseFilter {
  return parseFilter(params, caseFilterSchema);
}
