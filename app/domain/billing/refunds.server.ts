import { and, desc, eq } from "drizzle-orm";
import { creditNote, creditNoteNumberSequence, invoice, paymentOrder } from "~/db/schema/index.ts";
import type { Executor, Tx } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleCreditNotes, visibleOrders } from "~/domain/kernel/visibility.server.ts";
import { nextDocumentNumber } from "./document-number.server.ts";

export type CreditNote = typeof creditNote.$inferSelect;
export type RefundReason = CreditNote["reason"];

/** What ending a case did to its order. */
export type OrderReversal =
  | { outcome: "none" }
  /** Never paid: the order is closed and nothing is owed either way. */
  | { outcome: "cancelled" }
  | {
      outcome: "refunded";
      creditNote: { id: string; number: string; totalPence: number; invoiceNumber: string };
    };

/**
 * Reverses a case's order inside the transaction that ends the case, for whoever ends it (the
 * employer cancelling, the person declining, the job expiring an unpaid referral): the order is
 * read through `visibleOrders`, so an order outside the scope is left alone. An unpaid order is
 * closed; a paid one becomes `refunded` and gets a credit note for the whole invoice, VAT
 * included, numbered from its own sequence. The money itself moves after commit
 * (`settle-refund.server.ts`), so a slow or failing provider never holds the case's row lock or
 * undoes the cancellation.
 */
export async function reverseOrder(
  tx: Tx,
  scope: Scope,
  {
    orderId,
    referralId,
    reason,
  }: {
    orderId: string;
    referralId: string | null;
    reason: RefundReason;
  },
): Promise<OrderReversal> {
  const { now } = scope;
  const [order] = await tx
    .select()
    .from(paymentOrder)
    .where(and(eq(paymentOrder.id, orderId), visibleOrders(scope)))
    .for("update");
  if (!order) return { outcome: "none" };
  if (order.status === "pending") {
    await tx
      .update(paymentOrder)
      .set({ status: reason === "payment_expired" ? "expired" : "cancelled" })
      .where(eq(paymentOrder.id, order.id));
    return { outcome: "cancelled" };
  }
  if (order.status !== "paid") return { outcome: "none" };

  const [paidInvoice] = await tx.select().from(invoice).where(eq(invoice.orderId, order.id));
  if (!paidInvoice) throw new Error(`Paid order ${order.id} has no invoice to credit.`);
  const number = await nextDocumentNumber(tx, creditNoteNumberSequence, "CN");
  const [note] = await tx
    .insert(creditNote)
    .values({
      number,
      invoiceId: paidInvoice.id,
      orderId: order.id,
      organisationId: order.organisationId,
      referralId,
      reason,
      issuedAt: now,
      items: order.items,
      netPence: order.netPence,
      vatPence: order.vatPence,
      totalPence: order.totalPence,
      // The parties exactly as the invoice named them: a credit note mirrors its invoice.
      seller: paidInvoice.seller,
      buyer: paidInvoice.buyer,
    })
    .returning({ id: creditNote.id });
  await tx.update(paymentOrder).set({ status: "refunded" }).where(eq(paymentOrder.id, order.id));
  return {
    outcome: "refunded",
    creditNote: {
      id: note!.id,
      number,
      totalPence: order.totalPence,
      invoiceNumber: paidInvoice.number,
    },
  };
}

/** A referral's credit note, if its payment was returned: for the employer's drawer. */
export async function creditNoteForReferral(
  db: Executor,
  { organisationId, referralId }: { organisationId: string; referralId: string },
) {
  const [row] = await db
    .select({
      id: creditNote.id,
      number: creditNote.number,
      totalPence: creditNote.totalPence,
      refundStatus: creditNote.refundStatus,
      refundedAt: creditNote.refundedAt,
    })
    .from(creditNote)
    .where(
      and(eq(creditNote.organisationId, organisationId), eq(creditNote.referralId, referralId)),
    )
    .orderBy(desc(creditNote.issuedAt))
    .limit(1);
  return row ?? null;
}

/** The credit note itself, for whoever may see it (the credited organisation's members). */
export async function getCreditNote(scope: Scope, creditNoteId: string) {
  const [row] = await scope.db
    .select({ note: creditNote, invoiceNumber: invoice.number, invoiceIssuedAt: invoice.issuedAt })
    .from(creditNote)
    .innerJoin(invoice, eq(invoice.id, creditNote.invoiceId))
    .where(and(eq(creditNote.id, creditNoteId), visibleCreditNotes(scope)));
  if (!row) throw new DomainError("not_found", "Credit note not found.");
  return row;
}
