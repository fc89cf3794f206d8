import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { creditNote, invoice, paymentOrder } from "~/db/schema/index.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleInvoices } from "~/domain/kernel/visibility.server.ts";
import { renderInvoicePdf } from "./invoice-document.server.tsx";
import { getCreditNote, type RefundReason } from "./refunds.server.ts";

const creditReasons: Record<RefundReason, string> = {
  referral_cancelled: "referral cancelled before a doctor started work on it",
  consent_declined: "the assessment could not go ahead",
  payment_expired: "order expired unpaid",
};

type StoredPdf = { number: string; pdf: Buffer; sha256: string };

/**
 * A document's PDF as first rendered: kept with its SHA-256 on first request, so the same bytes
 * are served ever after.
 */
async function storedPdf(
  kept: { number: string; pdf: Buffer | null; pdfSha256: string | null },
  render: () => Promise<Buffer>,
  keep: (pdf: Buffer, sha256: string) => Promise<unknown>,
): Promise<StoredPdf> {
  if (kept.pdf && kept.pdfSha256)
    return { number: kept.number, pdf: kept.pdf, sha256: kept.pdfSha256 };
  const pdf = await render();
  const sha256 = createHash("sha256").update(pdf).digest("hex");
  await keep(pdf, sha256);
  return { number: kept.number, pdf, sha256 };
}

/** An invoice's PDF, for whoever may see the invoice (the invoiced organisation's members). */
export async function getInvoicePdf(scope: Scope, invoiceId: string): Promise<StoredPdf> {
  const { db } = scope;
  const [row] = await db
    .select({ invoice, order: paymentOrder })
    .from(invoice)
    .innerJoin(paymentOrder, eq(paymentOrder.id, invoice.orderId))
    .where(and(eq(invoice.id, invoiceId), visibleInvoices(scope)));
  if (!row) throw new DomainError("not_found", "Invoice not found.");
  return storedPdf(
    row.invoice,
    () =>
      renderInvoicePdf({
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
      }),
    (pdf, sha256) =>
      db.update(invoice).set({ pdf, pdfSha256: sha256 }).where(eq(invoice.id, invoiceId)),
  );
}

/** A credit note's PDF, like an invoice's: rendered once, kept with its SHA-256. */
export async function getCreditNotePdf(scope: Scope, creditNoteId: string): Promise<StoredPdf> {
  const { note, invoiceNumber, invoiceIssuedAt } = await getCreditNote(scope, creditNoteId);
  return storedPdf(
    note,
    () =>
      renderInvoicePdf({
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
        credits: {
          invoiceNumber,
          invoiceDate: invoiceIssuedAt,
          reason: creditReasons[note.reason],
        },
      }),
    (pdf, sha256) =>
      scope.db
        .update(creditNote)
        .set({ pdf, pdfSha256: sha256 })
        .where(eq(creditNote.id, creditNoteId)),
  );
}
