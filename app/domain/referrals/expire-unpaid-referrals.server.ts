import { subDays } from "date-fns";
import { and, eq, lt } from "drizzle-orm";
import { paymentOrder, referral } from "~/db/schema/index.ts";
import { reverseOrder } from "~/domain/billing/refunds.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { applyReferralTransition } from "~/domain/referrals/referral-transition.server.ts";
import { emailText } from "~/lib/email-text.ts";
import { referralEndingNotice } from "./employer-notice.server.ts";
import { canTransition } from "./lifecycle.ts";
import { lockVisibleReferral } from "./lock-visible-referral.server.ts";

/** Days a submitted referral waits for its payment before it expires (docs/architecture.md §6). */
const unpaidReferralDays = 7;

/**
 * The hourly job: referrals whose checkout was started more than 7 days ago and never paid
 * expire, and their order closes, so a late payment grants nothing. Each referral is its own
 * transaction; a payment that lands meanwhile wins (the row is locked and re-read). The employer's
 * notice is written to the mail outbox in that transaction (`notice`: its rows, for the caller to
 * send after the commit; docs/architecture.md §8, "The mail outbox").
 */
export async function expireUnpaidReferrals(
  scope: Scope,
): Promise<{ referralId: string; notice: string[] }[]> {
  const { db, now } = scope;
  const cutoff = subDays(now, unpaidReferralDays);
  const due = await db
    .select({ id: referral.id })
    .from(referral)
    .innerJoin(paymentOrder, eq(paymentOrder.id, referral.orderId))
    .where(
      and(
        eq(referral.status, "awaiting_payment"),
        lt(paymentOrder.createdAt, cutoff),
        visibleReferrals(scope),
      ),
    )
    .limit(500);
  const expired: { referralId: string; notice: string[] }[] = [];
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const current = await lockVisibleReferral(tx, scope, id, {
        organisationId: referral.organisationId,
        status: referral.status,
        orderId: referral.orderId,
      });
      // A payment that landed meanwhile moved the referral on: it stays as it is.
      if (!current || !canTransition(current.status, "payment_expired", scope.actor.role))
        return null;
      await applyReferralTransition(tx, scope, {
        referral: current,
        event: "payment_expired",
        set: { closedAt: now },
        activity: "payment_expired",
        audit: { action: "referral.payment_expired", details: { orderId: current.orderId } },
      });
      if (current.orderId)
        await reverseOrder(tx, scope, {
          orderId: current.orderId,
          referralId: id,
          reason: "payment_expired",
        });
      return notifyUnpaidReferralExpired.queue(tx, scope, id);
    });
    if (done) expired.push({ referralId: id, notice: done });
  }
  return expired;
}

function unpaidReferralExpiredEmail(input: {
  organisationName: string;
  referralReference: string;
  link: string;
}): { subject: string; text: string } {
  return {
    subject: `Referral ${input.referralReference} expired unpaid`,
    text: emailText([
      `Hello ${input.organisationName},`,
      `Referral ${input.referralReference} was not paid for within ${unpaidReferralDays} days, so it has expired. Nobody was invited and nothing was charged.`,
      `Make a new referral when you are ready:\n${input.link}`,
    ]),
  };
}

/**
 * Tells the referral's people (whoever made it, the managers it names) that it expired unpaid.
 * Called as a function by the job that sent it before the outbox held it, for jobs still queued.
 */
export const notifyUnpaidReferralExpired = referralEndingNotice(
  "payment_expired",
  unpaidReferralExpiredEmail,
);
