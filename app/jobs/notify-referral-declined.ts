import {
  notifyReferralDeclined,
  REFERRAL_DECLINED_JOB,
} from "~/domain/referrals/notify-referral-declined.server.ts";
import { defineJob, referralJobPayload } from "./job.ts";

/**
 * The employer's e-mail that a case could not go ahead, from when a failed send was retried by
 * this job; the decline now writes it to the mail outbox. Kept for jobs queued before, and
 * idempotent: the notice's outbox key writes it once.
 */
export const notifyReferralDeclinedJob = defineJob({
  name: REFERRAL_DECLINED_JOB,
  payload: referralJobPayload,
  async handle(scope, runtime, { referralId }) {
    const { sent } = await notifyReferralDeclined(scope, { referralId });
    runtime.logger.info({ referralId, sent }, "employer told a referral could not go ahead");
  },
});
