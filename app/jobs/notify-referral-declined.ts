import { z } from "zod";
import { notifyReferralDeclined } from "~/domain/referrals/notify-referral-declined.server.ts";
import { REFERRAL_DECLINED_JOB } from "~/domain/referrals/tell-employer-declined.server.ts";
import { defineJob, mailDeps } from "./job.ts";

/**
 * The employer's e-mail that a case could not go ahead, when sending it straight after the
 * person declined failed (retried until delivered).
 */
export const notifyReferralDeclinedJob = defineJob({
  name: REFERRAL_DECLINED_JOB,
  payload: z.object({ referralId: z.string() }),
  async handle(scope, runtime, { referralId }) {
    const { sent } = await notifyReferralDeclined(scope, mailDeps(runtime), { referralId });
    runtime.logger.info({ referralId, sent }, "employer told a referral could not go ahead");
  },
});
