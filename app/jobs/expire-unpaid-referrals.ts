import { sendQueuedMail } from "~/domain/kernel/mail-outbox.server.ts";
import { expireUnpaidReferrals } from "~/domain/referrals/expire-unpaid-referrals.server.ts";
import { defineScheduledJob } from "./job.ts";

/**
 * Hourly: checkouts left unpaid for 7 days expire their referral, and the employer is told (the
 * notice is written with the expiry and sent once it commits; the outbox's drain retries it).
 */
export const expireUnpaidReferralsJob = defineScheduledJob({
  name: "referral-expire-unpaid",
  schedule: "35 * * * *",
  async handle(scope, runtime) {
    const expired = await expireUnpaidReferrals(scope);
    for (const { notice } of expired) await sendQueuedMail(scope, notice);
    if (expired.length > 0)
      runtime.logger.info({ expired: expired.length }, "unpaid referrals expired");
  },
});
