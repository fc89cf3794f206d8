import { and, eq } from "drizzle-orm";
import { invoice, paymentOrder } from "~/db/schema/index.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleInvoices } from "~/domain/kernel/visibility.server.ts";
import { renderInvoicePdf } from "./render-invoice-pdf.server.ts";
import { type StoredPdf, storedPdf } from "./stored-pdf.server.ts";

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
