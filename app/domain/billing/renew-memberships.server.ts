import type { Scope } from "~/domain/kernel/scope.ts";
import { membershipsDueForRenewal } from "./membership.server.ts";
import {
  type ConfirmationHooks,
  createOrder,
  handlePaymentEvent,
  type PaymentEvent,
  type PaymentOrder,
  requirePaymentProvider,
} from "./orders.server.ts";

/**
 * The demo provider renews itself (docs/architecture.md §6): each membership whose period has ended and that
 * is not cancelled gets a renewal order, in the pending interval if one was chosen, confirmed
 * through the same path as any payment. Stripe memberships renew through Stripe's own events.
 */
export async function renewDemoMemberships(
  scope: Scope,
  hooks: ConfirmationHooks,
  confirmationEvent: (order: PaymentOrder) => PaymentEvent,
): Promise<number> {
  requirePaymentProvider(scope);
  const { db, now } = scope;
  const due = await membershipsDueForRenewal(db, now, "demo");
  for (const m of due) {
    const order = await createOrder(db, {
      actor: { userId: "system", organisationId: m.organisationId },
      request: { kind: "renewal", interval: m.pendingInterval ?? m.interval },
      provider: "demo",
      now,
    });
    await handlePaymentEvent(scope, confirmationEvent(order), hooks);
  }
  return due.length;
}
