import { runtimeContext } from "~/context.ts";
import { refundAfterCommit } from "~/domain/billing/settle-refund.server.ts";
import { cancelReferral } from "~/domain/referrals/cancel-referral.server.ts";
import { apiScope } from "~/middleware/api-key.server.ts";
import type { Route } from "./+types/referral-cancel";
import { ReferralDetail } from "./contract.ts";
import { idempotent } from "./idempotent.server.ts";
import { referralDetail } from "./referral-detail.server.ts";
import { answering, jsonAnswer } from "./respond.server.ts";

/**
 * POST /api/v1/referrals/:referralKey/cancel: the employer's Cancel (the same use case): credits
 * come back at once, a card payment is refunded after the commit.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return answering(async () => {
    const scope = apiScope(context, "referrals:write");
    return idempotent(request, scope, async () => {
      const result = await cancelReferral(scope, params.referralKey);
      await refundAfterCommit(scope, context.get(runtimeContext), result.order);
      return jsonAnswer(ReferralDetail, await referralDetail(scope, params.referralKey));
    });
  });
}
