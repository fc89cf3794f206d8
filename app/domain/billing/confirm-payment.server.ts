import { and, eq } from "drizzle-orm";
import { referral } from "~/db/schema/index.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { confirmReferralPayment } from "~/domain/referrals/confirm-referral-payment.server.ts";
import { inviteSubject } from "~/domain/referrals/invite-subject.server.ts";
import type { Runtime } from "~/services/runtime.server.ts";
import { invoiceSeller, requiresFullSeller } from "./invoice-seller.ts";
import {
  type ConfirmationHooks,
  type EventOutcome,
  handlePaymentEvent,
  type PaymentEvent,
} from "./orders.server.ts";
import {
  handleSubscriptionEvent,
  type SubscriptionEvent,
  type SubscriptionOutcome,
} from "./subscription-events.server.ts";

function isSubscriptionEvent(event: PaymentEvent | SubscriptionEvent): event is SubscriptionEvent {
  return event.type === "membership.renewed" || event.type === "membership.ended";
}

/** What confirming an order touches beyond billing: the paid referral and the invoice's seller. */
export function paymentConfirmationHooks(services: Pick<Runtime, "config">): ConfirmationHooks {
  return {
    seller: invoiceSeller(services.config),
    requireFullSeller: requiresFullSeller(services.config),
    onReferralPaid: (tx, scope, referralId, order) =>
      confirmReferralPayment(tx, scope, { referralId, order }),
  };
}

/**
 * The one way a provider's verdict is applied, for webhooks and the demo page alike, in a system
 * scope (the provider's word, not a user's). After the transaction commits, a paid referral's
 * subject is invited (an e-mail that fails is retried by a job).
 */
export async function confirmPayment(
  scope: Scope,
  services: Pick<Runtime, "config" | "logger">,
  event: PaymentEvent | SubscriptionEvent,
): Promise<EventOutcome | SubscriptionOutcome> {
  const hooks = paymentConfirmationHooks(services);
  if (isSubscriptionEvent(event)) return handleSubscriptionEvent(scope, event, hooks);
  const outcome = await handlePaymentEvent(scope, event, hooks);
  if (outcome !== "granted") return outcome;
  const [paid] = await scope.db
    .select({ id: referral.id, status: referral.status })
    .from(referral)
    .where(and(eq(referral.orderId, event.orderId), visibleReferrals(scope)));
  if (paid?.status === "invited")
    await inviteSubject(scope, services, { referralId: paid.id, kind: "initial" });
  return outcome;
}
