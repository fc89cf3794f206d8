import { getCreditNotePdf } from "~/domain/billing/get-credit-note-pdf.server.ts";
import type { Route } from "./+types/credit-note-pdf";
import { billingDocumentPdf } from "./billing.server.ts";

/** `/credit-notes/<id>.pdf`: members of the credited organisation only; anyone else gets 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return billingDocumentPdf(context, params.file, {
    type: "credit_note",
    label: "Credit note",
    load: getCreditNotePdf,
  });
}
