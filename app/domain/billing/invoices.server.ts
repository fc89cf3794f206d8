import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { creditNote, invoice, paymentOrder } from "~/db/schema/index.ts";
import { type BillingActor, BillingError } from "./actor.ts";
import { renderInvoicePdf } from "./invoice-document.server.tsx";
import { getCreditNote, type RefundReason } from "./refunds.server.ts";

const creditReasons: Record<RefundReason, string> = {
  referral_cancelled: "referral cancelled before a doctor started work on it",
  consent_declined: "the assessment could not go ahead",
  payment_expired: "order expired unpaid",
};

/**
 * An invoice's PDF, for members of the organisation it was issued to only. Rendered on first
 * request and kept with its SHA-256, so the same bytes are served ever after.
 */
export async function getInvoicePdf(
  db: Database,
  { actor, invoiceId }: { actor: BillingActor; invoiceId: string },
): Promise<{ number: string; pdf: Buffer; sha256: string }> {
  const [row] = await db
    .select({ invoice, order: paymentOrder })
    .from(invoice)
    .innerJoin(paymentOrder, eq(paymentOrder.id, invoice.orderId))
    .where(and(eq(invoice.id, invoiceId), eq(invoice.organisationId, actor.organisationId)));
  if (!row) throw new BillingError("not_found", "Invoice not found.");
  if (row.invoice.pdf && row.invoice.pdfSha256) {
    return { number: row.invoice.number, pdf: row.invoice.pdf, sha256: row.invoice.pdfSha256 };
  }
  const pdf = await renderInvoicePdf({
    number: row.invoice.number,
    issuedAt: row.invoice.issuedAt,
    taxPoint: row.order.paidAt ?? row.invoice.issuedAt,
    paidAt: row.order.paidAt,
    seller: row.invoice.seller,
    buyer: row.invoice.buyer,
    items: row.order.items,
    netPence: row.order.netPence,
    vatPence: row.order.vatPence,
    totalPence: row.order.totalPence,
  });
  const sha256 = createHash("sha256").update(pdf).digest("hex");
  await db.update(invoice).set({ pdf, pdfSha256: sha256 }).where(eq(invoice.id, invoiceId));
  return { number: row.invoice.number, pdf, sha256 };
}

/** A credit note's PDF, like an invoice's: rendered once, kept with its SHA-256. */
export async function getCreditNotePdf(
  db: Database,
  { actor, creditNoteId }: { actor: BillingActor; creditNoteId: string },
): Promise<{ number: string; pdf: Buffer; sha256: string }> {
  const { note, invoiceNumber, invoiceIssuedAt } = await getCreditNote(db, { actor, creditNoteId });
  if (note.pdf && note.pdfSha256)
    return { number: note.number, pdf: note.pdf, sha256: note.pdfSha256 };
  const pdf = await renderInvoicePdf({
    kind: "credit_note",
    number: note.number,
    issuedAt: note.issuedAt,
    // Reversing a supply that was paid for in advance: the credit note's own date.
    taxPoint: note.issuedAt,
    paidAt: null,
    seller: note.seller,
    buyer: note.buyer,
    items: note.items,
    netPence: note.netPence,
    vatPence: note.vatPence,
    totalPence: note.totalPence,
    credits: { invoiceNumber, invoiceDate: invoiceIssuedAt, reason: creditReasons[note.reason] },
  });
  const sha256 = createHash("sha256").update(pdf).digest("hex");
  await db
    .update(creditNote)
    .set({ pdf, pdfSha256: sha256 })
    .where(eq(creditNote.id, creditNoteId));
  return { number: note.number, pdf, sha256 };
}
