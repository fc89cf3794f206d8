import { redirect } from "react-router";
import { getOrder, setProviderReference } from "~/domain/billing/orders.server.ts";
import type { EmployerActor } from "~/domain/kernel/actor.ts";
import type { PlacementOutcome } from "~/domain/referrals/place-referral.server.ts";
import { inviteSubject } from "~/services/payments/confirmation.server.ts";
import type { Runtime } from "~/services/runtime.server.ts";

/** After submitting: paid by credits, the subject is invited now; otherwise on to the checkout. */
export async function continueAfterPlacement(
  runtime: Runtime,
  {
    actor,
    referralId,
    placement,
  }: { actor: EmployerActor; referralId: string; placement: PlacementOutcome },
): Promise<Response> {
  if (placement.method === "credits") {
    await inviteSubject(runtime, referralId, "initial");
    return redirect("/employer-dashboard?notice=referral-invited");
  }
  const order = await getOrder(runtime.database.db, { actor, orderId: placement.orderId });
  const origin = runtime.config.PUBLIC_URL;
  const checkout = await runtime.payments.startCheckout(order, {
    success: new URL(`/review-referral?referral=${referralId}`, origin).toString(),
    cancel: new URL(`/employer-referrals?viewReferral=${referralId}`, origin).toString(),
  });
  await setProviderReference(runtime.database.db, order.id, checkout.providerReference);
  return redirect(checkout.redirectUrl);
}
