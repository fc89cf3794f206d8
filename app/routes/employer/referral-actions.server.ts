import type { RouterContextProvider } from "react-router";
import { runtimeContext } from "~/context.ts";
import { refundAfterCommit } from "~/domain/billing/settle-refund.server.ts";
import { cancelReferral } from "~/domain/referrals/cancel-referral.server.ts";
import { inviteSubject } from "~/domain/referrals/invite-subject.server.ts";
import { reinviteReferral } from "~/domain/referrals/reinvite-referral.server.ts";
import { claimReferralReminder } from "~/domain/referrals/remind-referral.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";

/*
 * The employer's actions on a referral that do more than one domain call, for the drawer's forms
 * (their own addresses, /employer-referrals/:referralId/remind, /cancel and /reinvite) and the
 * referral's page alike. The key is
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

/**
 * "Send a new invitation" on an expired referral: the same referral invited again with a new link
 * and a new expiry, at no new cost. The domain writes the invitation to the outbox in its
 * transaction; it is sent now, after the commit, or by the outbox's worker if this send fails.
 */
export async function reinviteAndSend(
  context: Readonly<RouterContextProvider>,
  referralKey: string,
): Promise<{ reference: string }> {
  const scope = currentScope(context);
  const reinvited = await reinviteReferral(scope, referralKey);
  await inviteSubject(scope, context.get(runtimeContext), {
    referralId: reinvited.id,
    kind: "initial",
  });
  return { reference: reinvited.reference };
}
