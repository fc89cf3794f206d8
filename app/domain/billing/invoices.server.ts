import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { invoice, paymentOrder } from "~/db/schema/index.ts";
import { type BillingActor, BillingError } from "./actor.ts";
import { renderInvoicePdf } from "./invoice-document.server.tsx";

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
