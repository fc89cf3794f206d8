import { z } from "zod";
import { notifyUnpaidReferralExpired } from "~/domain/referrals/expire-unpaid-referrals.server.ts";
import { defineJob, mailDeps } from "./job.ts";

/** The e-mail to the employer whose unpaid referral expired (retried until delivered). */
export const notifyUnpaidReferralExpiredJob = defineJob({
  name: "referral-unpaid-expired-notice",
  payload: z.object({ referralId: z.string() }),
  async handle(scope, runtime, { referralId }) {
    await notifyUnpaidReferralExpired(mailDeps(scope, runtime), { referralId });
  },
});
