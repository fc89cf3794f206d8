import type { Database } from "~/db/client.server.ts";
import { membershipsDueForRenewal } from "./membership.server.ts";
import {
  type ConfirmationHooks,
  createOrder,
  handlePaymentEvent,
  type PaymentEvent,
} from "./orders.server.ts";

/**
 * The demo provider renews itself (docs/architecture.md §6): each membership whose period has ended and that
 * is not cancelled gets a renewal order, in the pending interval if one was chosen, confirmed
 * through the same path as any payment. Stripe memberships renew through Stripe's own events.
 */
export async function renewDemoMemberships(
  db: Database,
  hooks: ConfirmationHooks,
  confirmationEvent: (order: Awaited<ReturnType<typeof createOrder>>) => PaymentEvent,
  now = new Date(),
): Promise<number> {
  const due = await membershipsDueForRenewal(db, now, "demo");
  for (const m of due) {
    const order = await createOrder(db, {
      actor: { userId: "system", organisationId: m.organisationId },
      request: { kind: "renewal", interval: m.pendingInterval ?? m.interval },
      provider: "demo",
      now,
    });
    await handlePaymentEvent(db, confirmationEvent(order), hooks, now);
  }
  return due.length;
}
