import { runtimeContext } from "~/context.ts";
import { inviteSubject } from "~/domain/referrals/invite-subject.server.ts";
import { claimReferralReminder } from "~/domain/referrals/remind-referral.server.ts";
import { referralRefusal } from "~/middleware/employer.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/referral-remind";

/** Send Reminder: re-sends the link at most once per 24 hours, enforced here, not in the browser. */
export async function action({ params, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  try {
    // The address may carry the id or the public reference; anything else is not found.
    const scope = currentScope(context);
    const referral = await claimReferralReminder(scope, params.referralId);
    await inviteSubject(scope, runtime, { referralId: referral.id, kind: "reminder" });
    return { ok: true as const };
  } catch (error) {
    return referralRefusal(error);
  }
}
