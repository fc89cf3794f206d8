import { type RouterContextProvider, redirect } from "react-router";
import { runtimeContext } from "~/context.ts";
import { startPurchase } from "~/domain/billing/start-purchase.server.ts";
import { inviteSubject } from "~/domain/referrals/invite-subject.server.ts";
import type { PlacementOutcome } from "~/domain/referrals/place-referral.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";

/** After submitting: paid by credits, the subject is invited now; otherwise on to the checkout. */
export async function continueAfterPlacement(
  context: Readonly<RouterContextProvider>,
  { referralId, placement }: { referralId: string; placement: PlacementOutcome },
): Promise<Response> {
  const runtime = context.get(runtimeContext);
  const scope = currentScope(context);
  if (placement.method === "credits") {
    await inviteSubject(scope, runtime, { referralId, kind: "initial" });
    return redirect("/employer-dashboard?notice=referral-invited");
  }
  // The order the referral was placed with: its price, invoice and referral stay one.
  const { redirectUrl } = await startPurchase(scope, {
    orderId: placement.orderId,
    successPath: `/review-referral?referral=${referralId}`,
    cancelPath: `/employer-referrals?viewReferral=${referralId}`,
  });
  return redirect(redirectUrl);
}
