import type { ReferralStatus } from "~/domain/referrals/states.ts";

/** Only a case waiting for or under a doctor's review can change hands. */
export const reassignableStatuses: readonly ReferralStatus[] = ["submitted", "in_review"];
