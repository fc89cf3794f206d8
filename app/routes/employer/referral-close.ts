import { redirect } from "react-router";
import { closeReferral } from "~/domain/referrals/close-referral.server.ts";
import { refusalMessage, refusalResponse } from "~/middleware/refusal.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/referral-close";

/**
 * The drawer's "Close: no further action", after its confirmation: the drawer opens again on the
 * referral, still complete with its report, now marked closed.
 */
export async function action({ params, context }: Route.ActionArgs) {
  let reference: string;
  try {
    // The address may carry the id or the public reference; anything else is not found.
    ({ reference } = await closeReferral(currentScope(context), params.referralId));
  } catch (error) {
    return refusalResponse(error, refusalMessage);
  }
  return redirect(
    `/employer-referrals?${new URLSearchParams({ viewReferral: reference, notice: "referral-closed" })}`,
  );
}
