import { refusalMessage, refusalResponse } from "~/middleware/refusal.server.ts";
import type { Route } from "./+types/referral-remind";
import { sendReferralReminder } from "./referral-actions.server.ts";

/** The drawer's Send Reminder (a fetcher): the toast says what happened. */
export async function action({ params, context }: Route.ActionArgs) {
  try {
    // The address may carry the id or the public reference; anything else is not found.
    await sendReferralReminder(context, params.referralId);
    return { ok: true as const };
  } catch (error) {
    return refusalResponse(error, refusalMessage);
  }
}
