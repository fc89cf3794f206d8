import { eq } from "drizzle-orm";
import { membership, paymentOrder } from "~/db/schema/index.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import type { MembershipInterval } from "./catalogue.ts";
import { renewMembership } from "./membership.server.ts";
import { type ConfirmationHooks, issueInvoice, onceForProviderEvent } from "./orders.server.ts";
import { priceOrder } from "./price-order.ts";

/** Stripe's word on a membership it bills: a period paid, or the subscription over. */
export interface SubscriptionEvent {
  provider: "stripe";
  eventId: string;
  type: "membership.renewed" | "membership.ended";
  subscriptionId: string;
  /** The provider's invoice, kept as the renewal order's reference. */
  providerReference?: string | null;
}

export type SubscriptionOutcome = "renewed" | "ended" | "duplicate" | "unknown_subscription";

/**
 * Stripe memberships renew through Stripe's own events (docs/architecture.md §6): a paid subscription invoice
 * becomes a paid renewal order with our invoice and the next period; a deleted subscription
 * leaves the membership cancelled, paid up to its period end. Idempotent on the event id.
 */
export async function handleSubscriptionEvent(
  scope: Scope,
  event: SubscriptionEvent,
  hooks: ConfirmationHooks,
): Promise<SubscriptionOutcome> {
  const { now } = scope;
  return onceForProviderEvent(scope, event, async (tx) => {
    const [current] = await tx
      .select()
      .from(membership)
      .where(eq(membership.providerSubscriptionId, event.subscriptionId))
      .for("update");
    if (!current) return "unknown_subscription";

    if (event.type === "membership.ended") {
      await tx
        .update(membership)
        .set({
          status: "cancelled",
          pendingInterval: null,
          cancelledAt: current.cancelledAt ?? now,
          updatedAt: now,
        })
        .where(eq(membership.organisationId, current.organisationId));
      return "ended";
    }

    const interval: MembershipInterval = current.pendingInterval ?? current.interval;
    const priced = priceOrder({ kind: "renewal", interval }, { membership: "active" });
    const [order] = await tx
      .insert(paymentOrder)
      .values({
        organisationId: current.organisationId,
        kind: "renewal",
        grants: priced.grants,
        items: priced.items,
        netPence: priced.netPence,
        vatPence: priced.vatPence,
        totalPence: priced.totalPence,
        provider: "stripe",
        providerReference: event.providerReference ?? null,
        status: "paid",
        createdAt: now,
        paidAt: now,
      })
      .returning();
    await renewMembership(tx, current.organisationId, now);
    await issueInvoice(tx, order!, hooks, now);
    return "renewed";
  });
}
