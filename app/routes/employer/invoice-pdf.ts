import { data } from "react-router";
import { BillingError } from "~/domain/billing/actor.ts";
import { getInvoicePdf } from "~/domain/billing/invoices.server.ts";
import type { Route } from "./+types/invoice-pdf";
import { billingRequest } from "./billing.server.ts";

const fileName = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.pdf$/i;

/** `/invoices/<id>.pdf`: members of the invoiced organisation only; anyone else gets 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { runtime, actor, audit } = billingRequest(context);
  const invoiceId = fileName.exec(params.file)?.[1];
  if (!invoiceId) throw data("Invoice not found", { status: 404 });
  try {
    const { number, pdf, sha256 } = await getInvoicePdf(runtime.database.db, { actor, invoiceId });
    await audit({
      action: "invoice.downloaded",
      outcome: "success",
      object: { type: "invoice", id: invoiceId },
      details: { number, sha256 },
    });
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${number}.pdf"`,
        "Content-Length": String(pdf.byteLength),
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (error instanceof BillingError && error.code === "not_found") {
      await audit({
        action: "invoice.downloaded",
        outcome: "denied",
        object: { type: "invoice", id: invoiceId },
      });
      throw data("Invoice not found", { status: 404 });
    }
    throw error;
  }
}
