import { data } from "react-router";
import { BillingError } from "~/domain/billing/actor.ts";
import { getCreditNotePdf } from "~/domain/billing/invoices.server.ts";
import type { Route } from "./+types/credit-note-pdf";
import { billingRequest } from "./billing.server.ts";

const fileName = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.pdf$/i;

/** `/credit-notes/<id>.pdf`: members of the credited organisation only; anyone else gets 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { runtime, actor, audit } = billingRequest(context);
  const creditNoteId = fileName.exec(params.file)?.[1];
  if (!creditNoteId) throw data("Credit note not found", { status: 404 });
  try {
    const { number, pdf, sha256 } = await getCreditNotePdf(runtime.database.db, {
      actor,
      creditNoteId,
    });
    await audit({
      action: "credit_note.downloaded",
      outcome: "success",
      object: { type: "credit_note", id: creditNoteId },
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
        action: "credit_note.downloaded",
        outcome: "denied",
        object: { type: "credit_note", id: creditNoteId },
      });
      throw data("Credit note not found", { status: 404 });
    }
    throw error;
  }
}
