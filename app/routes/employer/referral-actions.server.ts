import type { RouterContextProvider } from "react-router";
import { runtimeContext } from "~/context.ts";
import { refundAfterCommit } from "~/domain/billing/settle-refund.server.ts";
import { cancelReferral } from "~/domain/referrals/cancel-referral.server.ts";
import { inviteSubject } from "~/domain/referrals/invite-subject.server.ts";
import { claimReferralReminder } from "~/domain/referrals/remind-referral.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";

/*
 * The employer's two actions on a referral, for the drawer's forms (their own addresses,
 * /employer-referrals/:referralId/remind and /cancel) and the referral's page alike. The key is
 * the id or the public reference; the domain finds it through the employer's visibility (anything
 * else is not found), checks its state and audits.
 */

/** Send Reminder: re-sends the link at most once per 24 hours, enforced here, not in the browser. */
export async function sendReferralReminder(
  context: Readonly<RouterContextProvider>,
  referralKey: string,
) {
  const scope = currentScope(context);
  const referral = await claimReferralReminder(scope, referralKey);
  await inviteSubject(scope, context.get(runtimeContext), {
    referralId: referral.id,
    kind: "reminder",
  });
}

/**
 * Cancels the referral and returns what it paid (credits at once, a card payment through the
 * provider after the commit). Returns the notice for the page it lands on, saying what came back.
 */
export async function cancelReferralAndRefund(
  context: Readonly<RouterContextProvider>,
  referralKey: string,
): Promise<URLSearchParams> {
  const scope = currentScope(context);
  const result = await cancelReferral(scope, referralKey);
  await refundAfterCommit(scope, context.get(runtimeContext), result.order);
  const notice = new URLSearchParams({ notice: "referral-cancelled" });
  if (result.creditsReturned > 0) notice.set("credits", String(result.creditsReturned));
  if (result.order.outcome === "refunded") notice.set("refund", result.order.creditNote.number);
  return notice;
}
