import { z } from "zod";
import { expireUnpaidReferrals } from "~/domain/referrals/expire-unpaid-referrals.server.ts";
import { defineJob } from "./job.ts";
import { notifyUnpaidReferralExpiredJob } from "./notify-unpaid-referral-expired.ts";

/** Hourly: checkouts left unpaid for 7 days expire their referral, and the employer is told. */
export const expireUnpaidReferralsJob = defineJob({
  name: "referral-expire-unpaid",
  payload: z.object({}),
  schedule: "35 * * * *",
  async handle(scope, { jobs, logger }) {
    const expired = await expireUnpaidReferrals(scope);
    for (const { referralId } of expired)
      await jobs.send(notifyUnpaidReferralExpiredJob.name, { referralId });
    if (expired.length > 0) logger.info({ expired: expired.length }, "unpaid referrals expired");
  },
});
