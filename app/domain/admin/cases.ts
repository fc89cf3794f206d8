import type { ReferralStatus } from "~/domain/referrals/states.ts";

/**
 * A case can change doctor at any point before its report is signed and sent: from the
 * invitation (so the doctor who will write the report also watches a safety flag raised before
 * the answers are sent) to review. Once the report is with the person, the signing doctor stays.
 */
export const reassignableStatuses: readonly ReferralStatus[] = [
  "invited",
  "in_progress",
  "submitted",
  "in_review",
];
