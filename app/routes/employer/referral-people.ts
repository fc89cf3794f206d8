import { data, redirect } from "react-router";
import { nameReferralManager } from "~/domain/referrals/name-referral-manager.server.ts";
import { reassignReferral } from "~/domain/referrals/reassign-referral.server.ts";
import { referralPeopleFormSchema } from "~/domain/referrals/referral-people.ts";
import { removeReferralManager } from "~/domain/referrals/remove-referral-manager.server.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { refusalResponse } from "~/middleware/refusal.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/referral-people";

/** The referral's drawer, opened again with what changed, and the toast that says so. */
function backToReferral(reference: string, notice: string) {
  return redirect(
    `/employer-referrals?${new URLSearchParams({ viewReferral: reference, notice })}`,
  );
}

/**
 * The drawer's "People on this referral" forms: name a manager, remove one, reassign the
 * referral. The domain checks who may do what and that the person is a member of the team; a
 * refusal comes back to the form that sent it, in the domain's words.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const scope = currentScope(context);
  const submission = parseSubmission(await request.formData(), referralPeopleFormSchema);
  if (submission.status !== "success")
    return data({ ok: false as const, result: submission.reply() }, { status: 400 });
  const sent = submission.value;
  const referralId = params.referralId;
  try {
    switch (sent.intent) {
      case "name-manager": {
        const named = await nameReferralManager(scope, { referralId, userId: sent.userId });
        return backToReferral(named.reference, "referral-manager-added");
      }
      case "remove-manager": {
        const removed = await removeReferralManager(scope, { referralId, userId: sent.userId });
        // Someone who took themselves off a colleague's referral no longer sees it.
        if (!removed.stillVisible) return redirect("/employer-referrals?notice=referral-left");
        return backToReferral(removed.reference, "referral-manager-removed");
      }
      case "reassign": {
        const moved = await reassignReferral(scope, { referralId, toUserId: sent.toUserId });
        return backToReferral(moved.reference, "referral-reassigned");
      }
    }
  } catch (error) {
    return refusalResponse(error, (refusal) => ({
      ok: false as const,
      result: submission.reply({ formErrors: [refusal.message] }),
    }));
  }
}

/** Nothing to show at this address: the referral's drawer is where its people are. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(
    `/employer-referrals?${new URLSearchParams({ viewReferral: params.referralId })}`,
  );
}
