import { redirect } from "react-router";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import { getReferralForEmployer } from "~/domain/referrals/get-referral.server.ts";
import { referralErrorResponse } from "~/middleware/employer.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/referral-pay";
import { continueAfterPlacement } from "./referral-placement.server.ts";

/**
 * Pay now: a referral awaiting payment goes back to the checkout of the order it already has, so
 * the price, the invoice and the referral stay one; nothing new is created.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const scope = requireEmployer(currentScope(context));
  const referral = await getReferralForEmployer(scope, params.referralId).catch(
    referralErrorResponse,
  );
  if (referral.status !== "awaiting_payment" || !referral.orderId)
    return redirect(`/employer-referrals?viewReferral=${encodeURIComponent(referral.reference)}`);
  await recordAuditEventAs(scope, {
    action: "billing.checkout_resumed",
    outcome: "success",
    object: { type: "referral", id: referral.id },
    details: { orderId: referral.orderId },
  });
  return continueAfterPlacement(context, {
    referralId: referral.id,
    placement: { method: "order", orderId: referral.orderId },
  });
}
