import { and, desc, eq } from "drizzle-orm";
import {
  creditNote,
  invoice,
  invoiceNumberSequence,
  organisation,
  paymentEvent,
  paymentOrder,
} from "~/db/schema/index.ts";
import type { Executor, Tx } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireTeamPermission } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleOrders } from "~/domain/kernel/visibility.server.ts";
import { billingRefusal } from "./billing-refusal.ts";
import type { CreditPackId, MembershipInterval } from "./catalogue.ts";
import { creditPack } from "./catalogue.ts";
import { grantCredits } from "./credit-ledger.server.ts";
import { nextDocumentNumber } from "./document-number.server.ts";
import {
  activateMembership,
  getMembership,
  membershipStanding,
  renewMembership,
} from "./membership.server.ts";
import { type OrderRequest, priceOrder } from "./price-order.ts";

export type PaymentOrder = typeof paymentOrder.$inferSelect;
export type ProviderId = "demo" | "stripe";

/** Who an order is for and who placed it; the system places renewals. */
interface OrderBuyer {
  organisationId: string;
  userId: string;
}

/**
 * Creates a pending order priced from the catalogue; the provider then takes the payment. Runs
 * inside the caller's transaction (a referral and its order are made together), so it takes the
 * executor and the buyer the caller's scope established.
 */
export async function createOrder(
  db: Executor,
  {
    actor,
    request,
    provider,
    now = new Date(),
  }: { actor: OrderBuyer; request: OrderRequest; provider: ProviderId; now?: Date },
): Promise<PaymentOrder> {
  const current = await getMembership(db, actor.organisationId);
  const priced = priceOrder(request, { membership: membershipStanding(current, now) });
  const [order] = await db
    .insert(paymentOrder)
    .values({
      organisationId: actor.organisationId,
      kind: priced.kind,
      grants: priced.grants,
      items: priced.items,
      netPence: priced.netPence,
      vatPence: priced.vatPence,
      totalPence: priced.totalPence,
      provider,
      createdBy: actor.userId,
      createdAt: now,
    })
    .returning();
  return order!;
}

/** An order this scope may see (docs/architecture.md §3b); anyone else's is not found. */
export async function getOrder(scope: Scope, orderId: string): Promise<PaymentOrder> {
  const [order] = await scope.db
    .select()
    .from(paymentOrder)
    .where(and(eq(paymentOrder.id, orderId), visibleOrders(scope)));
  if (!order) throw new DomainError("not_found", "Order not found.");
  return order;
}

/** The employer's billing history, newest first, with each order's invoice and credit note. */
export async function listOrders(scope: Scope, { limit = 25 }: { limit?: number } = {}) {
  const employer = requireTeamPermission(scope, "billing:manage", billingRefusal);
  return employer.db
    .select({
      id: paymentOrder.id,
      kind: paymentOrder.kind,
      items: paymentOrder.items,
      totalPence: paymentOrder.totalPence,
      status: paymentOrder.status,
      createdAt: paymentOrder.createdAt,
      paidAt: paymentOrder.paidAt,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      creditNoteId: creditNote.id,
      creditNoteNumber: creditNote.number,
      refundStatus: creditNote.refundStatus,
    })
    .from(paymentOrder)
    .leftJoin(invoice, eq(invoice.orderId, paymentOrder.id))
    .leftJoin(creditNote, eq(creditNote.orderId, paymentOrder.id))
    .where(visibleOrders(employer))
    .orderBy(desc(paymentOrder.createdAt))
    .limit(limit);
}

/** A payment provider's verdict on an order, from a webhook or the demo provider's confirm step. */
export interface PaymentEvent {
  provider: ProviderId;
  eventId: string;
  type: "order.paid" | "order.failed";
  orderId: string;
  providerReference?: string | null;
  providerSubscriptionId?: string | null;
}

export interface ConfirmationHooks {
  /** Moves a paid referral on (issued by the referral domain). */
  onReferralPaid?: (tx: Tx, scope: Scope, referralId: string, order: PaymentOrder) => Promise<void>;
  seller: Record<string, string>;
  /** Who the invoice is made out to; by default the organisation as it stands when it is issued. */
  describeBuyer?: (tx: Tx, organisationId: string) => Promise<Record<string, string>>;
  /** Production with real payments: refuse a VAT invoice missing a seller detail HMRC requires. */
  requireFullSeller?: boolean;
}

/** The seller details a full UK VAT invoice must carry (HMRC VAT Notice 700/21 §16.3). */
export function missingSellerDetails(seller: Record<string, string>): string[] {
  return (["name", "address", "companyNumber", "vatNumber"] as const).filter(
    (key) => !seller[key]?.trim(),
  );
}

/**
 * Records a provider's event id; false when it was seen before. Called first in the transaction
 * that acts on the event, so a delivery repeated (even concurrently) acts once.
 */
async function recordProviderEvent(
  tx: Tx,
  event: { provider: ProviderId; eventId: string; type: string; orderId?: string | null },
  now: Date,
): Promise<boolean> {
  const recorded = await tx
    .insert(paymentEvent)
    .values({
      provider: event.provider,
      eventId: event.eventId,
      type: event.type,
      orderId: event.orderId ?? null,
      receivedAt: now,
    })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvent.eventId });
  return recorded.length > 0;
}

export type EventOutcome = "granted" | "duplicate" | "failed" | "unknown_order" | "closed";

/**
 * Acts on a provider's event once, in the system scope: the event id is recorded first in the
 * transaction that acts on it, so a delivery repeated (even concurrently) finds it and does
 * nothing again ("duplicate").
 */
export async function onceForProviderEvent<O>(
  scope: Scope,
  event: { provider: ProviderId; eventId: string; type: string; orderId?: string | null },
  act: (tx: Tx) => Promise<O>,
): Promise<O | "duplicate"> {
  requirePaymentProvider(scope);
  return scope.db.transaction(async (tx) =>
    (await recordProviderEvent(tx, event, scope.now)) ? act(tx) : "duplicate",
  );
}

/**
 * A provider's verdict is applied by the system on the provider's word, never by a signed-in
 * user: the webhook and the demo payment page both build a system scope for it.
 */
export function requirePaymentProvider(scope: Scope): void {
  if (scope.actor.role !== "system")
    throw new DomainError("forbidden", "Only the payment provider can confirm a payment.");
}

/**
 * The one path by which an order becomes paid. The event id is recorded first, in the same
 * transaction: a delivery repeated (even concurrently) finds it and grants nothing again.
 */
export async function handlePaymentEvent(
  scope: Scope,
  event: PaymentEvent,
  hooks: ConfirmationHooks,
): Promise<EventOutcome> {
  const { now } = scope;
  return onceForProviderEvent(scope, event, async (tx) => {
    const [order] = await tx
      .select()
      .from(paymentOrder)
      .where(and(eq(paymentOrder.id, event.orderId), visibleOrders(scope)))
      .for("update");
    if (!order || order.provider !== event.provider) return "unknown_order";
    if (order.status === "paid" || order.status === "refunded") return "duplicate";
    // A checkout cancelled or expired on our side grants nothing, whatever arrives later.
    if (order.status === "cancelled" || order.status === "expired") return "closed";
    if (event.type === "order.failed") {
      await tx.update(paymentOrder).set({ status: "failed" }).where(eq(paymentOrder.id, order.id));
      return "failed";
    }

    await tx
      .update(paymentOrder)
      .set({
        status: "paid",
        paidAt: now,
        providerReference: event.providerReference ?? order.providerReference,
      })
      .where(eq(paymentOrder.id, order.id));

    const { interval, packId, referralId } = order.grants;
    if (interval && order.kind === "membership") {
      await activateMembership(tx, {
        organisationId: order.organisationId,
        interval: interval as MembershipInterval,
        provider: order.provider,
        providerSubscriptionId: event.providerSubscriptionId,
        now,
      });
    }
    if (order.kind === "renewal") await renewMembership(tx, order.organisationId, now);
    if (packId) {
      await grantCredits(tx, {
        organisationId: order.organisationId,
        credits: creditPack(packId as CreditPackId).credits,
        orderId: order.id,
        actorId: order.createdBy ?? undefined,
        now,
      });
    }
    if (referralId && hooks.onReferralPaid)
      await hooks.onReferralPaid(tx, scope, referralId, order);

    await issueInvoice(tx, order, hooks, now);
    return "granted";
  });
}

/** Who the invoice is made out to, as the organisation stands when it is issued. */
async function invoiceBuyer(tx: Tx, organisationId: string): Promise<Record<string, string>> {
  const [row] = await tx
    .select({ name: organisation.name, address: organisation.address })
    .from(organisation)
    .where(eq(organisation.id, organisationId));
  const buyer: Record<string, string> = row ? { name: row.name } : { organisationId };
  if (row?.address?.trim()) buyer.address = row.address.trim();
  return buyer;
}

/**
 * A membership line names the period it pays for, known once the payment has started or renewed
 * the membership (docs/vat-invoices.md); other lines are as the order was priced.
 */
async function invoiceLines(tx: Tx, order: PaymentOrder) {
  if (order.kind !== "membership" && order.kind !== "renewal") return order.items;
  if (order.items.some((item) => item.period)) return order.items;
  const current = await getMembership(tx, order.organisationId);
  if (!current) return order.items;
  const period = {
    start: current.currentPeriodStart.toISOString(),
    end: current.currentPeriodEnd.toISOString(),
  };
  return order.items.map((item) =>
    item.sku.startsWith("membership-") ? { ...item, period } : item,
  );
}

/**
 * The invoice for a paid order, numbered from a sequence in the transaction that records the
 * payment. An order that charges VAT gets no invoice while the buyer has no address, since a full
 * VAT invoice must name it (HMRC VAT Notice 700/21 §16.3): checkout asks for the address first,
 * and saving it issues any invoice held back (`saveBillingAddress`). Returns whether it issued.
 */
export async function issueInvoice(
  tx: Tx,
  order: PaymentOrder,
  hooks: ConfirmationHooks,
  now: Date,
): Promise<boolean> {
  const missing = missingSellerDetails(hooks.seller);
  if (hooks.requireFullSeller && order.vatPence > 0 && missing.length > 0)
    throw new DomainError(
      "invalid_state",
      `A VAT invoice cannot be issued without the seller's ${missing.join(", ")}.`,
    );
  const buyer = await (hooks.describeBuyer ?? invoiceBuyer)(tx, order.organisationId);
  // The period is the one this payment bought, recorded now even if the invoice waits.
  const items = await invoiceLines(tx, order);
  if (items !== order.items)
    await tx.update(paymentOrder).set({ items }).where(eq(paymentOrder.id, order.id));
  if (order.vatPence > 0 && !buyer.address?.trim()) return false;
  await tx.insert(invoice).values({
    number: await nextDocumentNumber(tx, invoiceNumberSequence, "INV"),
    orderId: order.id,
    organisationId: order.organisationId,
    issuedAt: now,
    seller: hooks.seller,
    buyer,
  });
  return true;
}
