import { data, redirect } from "react-router";
import { runtimeContext } from "~/context.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { ReferralError } from "~/domain/referrals/actor.ts";
import { getReferralForEmployer } from "~/domain/referrals/get-referral.server.ts";
import { employerActor, requestOrigin } from "~/middleware/employer.server.ts";
import type { Route } from "./+types/referral-pay";
import { continueAfterPlacement } from "./referral-placement.server.ts";

/**
 * Pay now: a referral awaiting payment goes back to the checkout of the order it already has, so
 * the price, the invoice and the referral stay one; nothing new is created.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const actor = employerActor(context);
  try {
    const referral = await getReferralForEmployer(runtime.database.db, {
      actor,
      referralId: params.referralId,
    });
    if (referral.status !== "awaiting_payment" || !referral.orderId)
      return redirect(`/employer-referrals?viewReferral=${encodeURIComponent(referral.reference)}`);
    await recordAuditEvent(runtime.database.db, {
      action: "billing.checkout_resumed",
      outcome: "success",
      actor: { id: actor.userId, role: "employer", organisationId: actor.organisationId },
      object: { type: "referral", id: referral.id },
      request: requestOrigin(context),
      details: { orderId: referral.orderId },
    });
    return await continueAfterPlacement(context, {
      referralId: referral.id,
      placement: { method: "order", orderId: referral.orderId },
    });
  } catch (error) {
    if (error instanceof ReferralError && error.code === "not_found")
      throw data("Not found", { status: 404 });
    throw error;
  }
}
