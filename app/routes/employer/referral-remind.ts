import { data } from "react-router";
import { runtimeContext } from "~/context.ts";
import { ReferralError } from "~/domain/referrals/actor.ts";
import { getReferralForEmployer } from "~/domain/referrals/get-referral.server.ts";
import { inviteSubject } from "~/domain/referrals/invite-subject.server.ts";
import { claimReferralReminder } from "~/domain/referrals/remind-referral.server.ts";
import { employerActor, requestOrigin } from "~/middleware/employer.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/referral-remind";

/** Send Reminder: re-sends the link at most once per 24 hours, enforced here, not in the browser. */
export async function action({ params, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const actor = employerActor(context);
  try {
    const referral = await claimReferralReminder(runtime.database.db, {
      actor,
      // The address may carry the id or the public reference; anything else is not found.
      referralId: (
        await getReferralForEmployer(runtime.database.db, {
          actor: employerActor(context),
          referralId: params.referralId,
        })
      ).id,
      origin: requestOrigin(context),
    });
    await inviteSubject(currentScope(context), runtime, {
      referralId: referral.id,
      kind: "reminder",
    });
    return { ok: true as const };
  } catch (error) {
    if (error instanceof ReferralError && error.code === "not_found")
      throw data("Not found", { status: 404 });
    if (error instanceof ReferralError)
      return data({ ok: false as const, message: error.message }, { status: 409 });
    throw error;
  }
}
