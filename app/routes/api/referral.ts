import { apiScope } from "~/middleware/api-key.server.ts";
import type { Route } from "./+types/referral";
import { ReferralDetail } from "./contract.ts";
import { referralDetail } from "./referral-detail.server.ts";
import { answering, jsonAnswer } from "./respond.server.ts";

/** GET /api/v1/referrals/:referralKey: one referral and its status history. */
export function loader({ params, context }: Route.LoaderArgs) {
  return answering(async () => {
    const scope = apiScope(context, "referrals:read");
    return jsonAnswer(ReferralDetail, await referralDetail(scope, params.referralKey));
  });
}
