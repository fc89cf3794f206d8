import { redirect } from "react-router";
import { runtimeContext } from "~/context.ts";
import { refundAfterCommit } from "~/domain/billing/settle-refund.server.ts";
import { cancelReferral } from "~/domain/referrals/cancel-referral.server.ts";
import { referralRefusal } from "~/middleware/employer.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/referral-cancel";

export async function action({ params, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  let result: Awaited<ReturnType<typeof cancelReferral>>;
  try {
    // The address may carry the id or the public reference; anything else is not found.
    result = await cancelReferral(currentScope(context), params.referralId);
  } catch (error) {
    return referralRefusal(error);
  }
  await refundAfterCommit(currentScope(context), runtime, result.order);
  // The notice says what came back: credits, money to the card, or nothing was paid.
  const notice = new URLSearchParams({ notice: "referral-cancelled" });
  if (result.creditsReturned > 0) notice.set("credits", String(result.creditsReturned));
  if (result.order.outcome === "refunded") notice.set("refund", result.order.creditNote.number);
  return redirect(`/employer-referrals?${notice}`);
}
