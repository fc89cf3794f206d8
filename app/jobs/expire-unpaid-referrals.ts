import { expireUnpaidReferrals } from "~/domain/referrals/expire-unpaid-referrals.server.ts";
import { defineScheduledJob } from "./job.ts";
import { notifyUnpaidReferralExpiredJob } from "./notify-unpaid-referral-expired.ts";

/** Hourly: checkouts left unpaid for 7 days expire their referral, and the employer is told. */
export const expireUnpaidReferralsJob = defineScheduledJob({
  name: "referral-expire-unpaid",
  schedule: "35 * * * *",
  async handle(scope, { jobs, logger }) {
    const expired = await expireUnpaidReferrals(scope);
    for (const { referralId } of expired)
      await jobs.send(notifyUnpaidReferralExpiredJob.name, { referralId });
    if (expired.length > 0) logger.info({ expired: expired.length }, "unpaid referrals expired");
  },
});
