import { redirect } from "react-router";
import { refusalMessage, refusalResponse } from "~/middleware/refusal.server.ts";
import type { Route } from "./+types/referral-cancel";
import { cancelReferralAndRefund } from "./referral-actions.server.ts";

/** The drawer's "Cancel referral", after its confirmation: back to the list with the notice. */
export async function action({ params, context }: Route.ActionArgs) {
  let notice: URLSearchParams;
  try {
    // The address may carry the id or the public reference; anything else is not found.
    notice = await cancelReferralAndRefund(context, params.referralId);
  } catch (error) {
    return refusalResponse(error, refusalMessage);
  }
  return redirect(`/employer-referrals?${notice}`);
}
