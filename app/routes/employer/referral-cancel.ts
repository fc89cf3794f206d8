import { data, redirect } from "react-router";
import { runtimeContext } from "~/context.ts";
import { refundAfterCommit } from "~/domain/billing/settle-refund.server.ts";
import { ReferralError } from "~/domain/referrals/actor.ts";
import { cancelReferral } from "~/domain/referrals/cancel-referral.server.ts";
import { getReferralForEmployer } from "~/domain/referrals/get-referral.server.ts";
import { employerActor, requestOrigin } from "~/middleware/employer.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/referral-cancel";

export async function action({ params, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  let result: Awaited<ReturnType<typeof cancelReferral>>;
  try {
    result = await cancelReferral(runtime.database.db, {
      actor: employerActor(context),
      // The address may carry the id or the public reference; anything else is not found.
      referralId: (
        await getReferralForEmployer(runtime.database.db, {
          actor: employerActor(context),
          referralId: params.referralId,
        })
      ).id,
      origin: requestOrigin(context),
    });
  } catch (error) {
    if (error instanceof ReferralError && error.code === "not_found")
      throw data("Not found", { status: 404 });
    if (error instanceof ReferralError)
      return data({ ok: false as const, message: error.message }, { status: 409 });
    throw error;
  }
  await refundAfterCommit(currentScope(context), runtime, result.order);
  // The notice says what came back: credits, money to the card, or nothing was paid.
  const notice = new URLSearchParams({ notice: "referral-cancelled" });
  if (result.creditsReturned > 0) notice.set("credits", String(result.creditsReturned));
  if (result.order.outcome === "refunded") notice.set("refund", result.order.creditNote.number);
  return redirect(`/employer-referrals?${notice}`);
}
