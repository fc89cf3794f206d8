import { data, redirect } from "react-router";
import { runtimeContext } from "~/context.ts";
import { ReferralError } from "~/domain/referrals/actor.ts";
import { cancelReferral } from "~/domain/referrals/cancel-referral.server.ts";
import { employerActor, requestOrigin } from "~/middleware/employer.server.ts";
import type { Route } from "./+types/referral-cancel";

export async function action({ params, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  try {
    await cancelReferral(runtime.database.db, {
      actor: employerActor(context),
      referralId: params.referralId,
      origin: requestOrigin(context),
    });
  } catch (error) {
    if (error instanceof ReferralError && error.code === "not_found")
      throw data("Not found", { status: 404 });
    if (error instanceof ReferralError)
      return data({ ok: false as const, message: error.message }, { status: 409 });
    throw error;
  }
  return redirect("/employer-referrals?notice=referral-cancelled");
}
