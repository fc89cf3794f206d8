import { getInvoicePdf } from "~/domain/billing/invoices.server.ts";
import type { Route } from "./+types/invoice-pdf";
import { billingDocumentPdf } from "./billing.server.ts";

/** `/invoices/<id>.pdf`: members of the invoiced organisation only; anyone else gets 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return billingDocumentPdf(context, params.file, {
    type: "invoice",
    label: "Invoice",
    load: getInvoicePdf,
  });
}
