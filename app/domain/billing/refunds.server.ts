import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { creditNote, creditNoteNumberSequence, invoice, paymentOrder } from "~/db/schema/index.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { type BillingActor, BillingError } from "./actor.ts";
import type { PaymentOrder } from "./orders.server.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type CreditNote = typeof creditNote.$inferSelect;
export type RefundReason = CreditNote["reason"];

/** The part of a payment provider that returns money (docs/decisions/0012-refunds-and-credit-notes.md). */
export interface Refunder {
  refund(request: {
    order: PaymentOrder;
    amountPence: number;
    idempotencyKey: string;
  }): Promise<{ providerRefundId: string }>;
}

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
 * Reverses a case's order inside the transaction that ends the case. An unpaid order is closed;
 * a paid one becomes `refunded` and gets a credit note for the whole invoice, VAT included,
 * numbered from its own sequence. The money itself moves after commit (`settleRefund`), so a
 * slow or failing provider never holds the case's row lock or undoes the cancellation.
 */
export async function reverseOrder(
  tx: Tx,
  {
    orderId,
    organisationId,
    referralId,
    reason,
    now,
  }: {
    orderId: string;
    organisationId: string;
    referralId: string | null;
    reason: RefundReason;
    now: Date;
  },
): Promise<OrderReversal> {
  const [order] = await tx
    .select()
    .from(paymentOrder)
    .where(and(eq(paymentOrder.id, orderId), eq(paymentOrder.organisationId, organisationId)))
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
  const next = await tx.execute(
    sql`select nextval(${sql.raw(`'${creditNoteNumberSequence.seqName}'`)}) as n`,
  );
  const n = Number((next as unknown as { rows: { n: string | number }[] }).rows[0]!.n);
  const number = `CN-${String(n).padStart(6, "0")}`;
  const [note] = await tx
    .insert(creditNote)
    .values({
      number,
      invoiceId: paidInvoice.id,
      orderId: order.id,
      organisationId,
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

function systemActor(organisationId: string) {
  return { id: "payments", role: "system", organisationId };
}

/**
 * Asks the provider to return a credit note's money. Idempotent twice over: a note already
 * refunded is left alone, and the provider sees the same idempotency key on every attempt.
 * A failure is recorded on the note and thrown, so the caller's job retries it.
 */
export async function settleRefund(
  db: Database,
  provider: Refunder,
  creditNoteId: string,
  now = new Date(),
): Promise<"succeeded" | "already_refunded" | "not_found"> {
  const [row] = await db
    .select({ note: creditNote, order: paymentOrder })
    .from(creditNote)
    .innerJoin(paymentOrder, eq(paymentOrder.id, creditNote.orderId))
    .where(eq(creditNote.id, creditNoteId));
  if (!row) return "not_found";
  if (row.note.refundStatus === "succeeded") return "already_refunded";
  try {
    const { providerRefundId } = await provider.refund({
      order: row.order,
      amountPence: row.note.totalPence,
      idempotencyKey: `refund-${row.note.id}`,
    });
    await db
      .update(creditNote)
      .set({
        refundStatus: "succeeded",
        providerRefundId,
        refundedAt: now,
        refundAttempts: row.note.refundAttempts + 1,
        lastRefundError: null,
      })
      .where(eq(creditNote.id, creditNoteId));
    await recordAuditEvent(db, {
      action: "billing.refund",
      outcome: "success",
      actor: systemActor(row.note.organisationId),
      object: { type: "credit_note", id: creditNoteId },
      details: {
        number: row.note.number,
        orderId: row.order.id,
        totalPence: row.note.totalPence,
        provider: row.order.provider,
        providerRefundId,
      },
    });
    return "succeeded";
  } catch (error) {
    await db
      .update(creditNote)
      .set({
        refundAttempts: row.note.refundAttempts + 1,
        lastRefundError: String((error as Error)?.message ?? error).slice(0, 500),
      })
      .where(eq(creditNote.id, creditNoteId));
    await recordAuditEvent(db, {
      action: "billing.refund",
      outcome: "failure",
      actor: systemActor(row.note.organisationId),
      object: { type: "credit_note", id: creditNoteId },
      details: { number: row.note.number, orderId: row.order.id },
    });
    throw error;
  }
}

/** Credit notes whose money has not yet gone back: the retry job's work list. */
export async function pendingRefunds(db: Database, limit = 50): Promise<string[]> {
  const rows = await db
    .select({ id: creditNote.id })
    .from(creditNote)
    .where(eq(creditNote.refundStatus, "pending"))
    .orderBy(creditNote.issuedAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** A referral's credit note, if its payment was returned: for the employer's drawer. */
export async function creditNoteForReferral(
  db: Database | Tx,
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

/** The credit note itself, for members of the organisation it was issued to only. */
export async function getCreditNote(
  db: Database,
  { actor, creditNoteId }: { actor: BillingActor; creditNoteId: string },
) {
  const [row] = await db
    .select({ note: creditNote, invoiceNumber: invoice.number, invoiceIssuedAt: invoice.issuedAt })
    .from(creditNote)
    .innerJoin(invoice, eq(invoice.id, creditNote.invoiceId))
    .where(
      and(eq(creditNote.id, creditNoteId), eq(creditNote.organisationId, actor.organisationId)),
    );
  if (!row) throw new BillingError("not_found", "Credit note not found.");
  return row;
}
