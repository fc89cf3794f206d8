import { runtimeContext } from "~/context.ts";
import { inviteSubject } from "~/domain/referrals/invite-subject.server.ts";
import { claimReferralReminder } from "~/domain/referrals/remind-referral.server.ts";
import { apiScope } from "~/middleware/api-key.server.ts";
import type { Route } from "./+types/referral-reminders";
import { ReferralDetail } from "./contract.ts";
import { idempotent } from "./idempotent.server.ts";
import { referralDetail } from "./referral-detail.server.ts";
import { answering, jsonAnswer } from "./respond.server.ts";

/**
 * POST /api/v1/referrals/:referralKey/reminders: the employer's Send Reminder (the same use
 * case): at most one a day, only while the assessment waits for the person.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return answering(async () => {
    const scope = apiScope(context, "referrals:write");
    return idempotent(request, scope, async () => {
      const referral = await claimReferralReminder(scope, params.referralKey);
      await inviteSubject(scope, context.get(runtimeContext), {
        referralId: referral.id,
        kind: "reminder",
      });
      return jsonAnswer(ReferralDetail, await referralDetail(scope, referral.id));
    });
  });
}
