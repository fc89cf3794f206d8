import { redirect } from "react-router";
import { refusalMessage, refusalResponse } from "~/middleware/refusal.server.ts";
import type { Route } from "./+types/referral-reinvite";
import { reinviteAndSend } from "./referral-actions.server.ts";

/**
 * The drawer's "Send a new invitation", after its confirmation: the drawer opens again on the
 * referral, now invited, with the notice that says the e-mail went.
 */
export async function action({ params, context }: Route.ActionArgs) {
  let reference: string;
  try {
    // The address may carry the id or the public reference; anything else is not found.
    ({ reference } = await reinviteAndSend(context, params.referralId));
  } catch (error) {
    return refusalResponse(error, refusalMessage);
  }
  return redirect(
    `/employer-referrals?${new URLSearchParams({ viewReferral: reference, notice: "referral-reinvited" })}`,
  );
}
