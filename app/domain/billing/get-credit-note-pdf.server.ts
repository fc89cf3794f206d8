import { eq } from "drizzle-orm";
import { creditNote } from "~/db/schema/index.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { getCreditNote, type RefundReason } from "./refunds.server.ts";
import { renderInvoicePdf } from "./render-invoice-pdf.server.ts";
import { type StoredPdf, storedPdf } from "./stored-pdf.server.ts";

const creditReasons: Record<RefundReason, string> = {
  referral_cancelled: "referral cancelled before a doctor started work on it",
  consent_declined: "the assessment could not go ahead",
  payment_expired: "order expired unpaid",
};

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
