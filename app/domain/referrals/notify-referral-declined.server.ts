import { referralEndingNotice } from "./employer-notice.server.ts";
import { referralDeclinedEmail } from "./referral-declined-email.ts";

/** The queue name of the notice's retry from before the outbox held it (jobs still queued). */
export const REFERRAL_DECLINED_JOB = "referral-declined-notice";

/**
 * Tells the employer a case could not go ahead: the referral's people (whoever made it and the
 * managers it names). Only for a referral that really ended so.
 */
export const notifyReferralDeclined = referralEndingNotice("declined", referralDeclinedEmail);
