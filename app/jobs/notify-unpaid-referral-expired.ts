import { notifyUnpaidReferralExpired } from "~/domain/referrals/expire-unpaid-referrals.server.ts";
import { defineJob, referralJobPayload } from "./job.ts";

/** The e-mail to the employer whose unpaid referral expired (retried until delivered). */
export const notifyUnpaidReferralExpiredJob = defineJob({
  name: "referral-unpaid-expired-notice",
  payload: referralJobPayload,
  async handle(scope, _runtime, { referralId }) {
    await notifyUnpaidReferralExpired(scope, { referralId });
  },
});
