import { referralEndingNotice } from "./employer-notice.server.ts";
import { referralDeclinedEmail } from "./referral-declined-email.ts";

/**
 * Tells the employer a case could not go ahead: the referral's people (whoever made it and the
 * managers it names). Only for a referral that really ended so.
 */
export const notifyReferralDeclined = referralEndingNotice("declined", referralDeclinedEmail);
