import { data, type RouterContextProvider } from "react-router";
import { runtimeContext } from "~/context.ts";
import { type AuditEntry, recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { isDomainError } from "~/domain/kernel/errors.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { refusalMessage, refusalResponse } from "~/middleware/refusal.server.ts";
import { pdfDownload } from "~/middleware/responses.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";

/**
 * What the billing pages need from the signed-in employer: the request's scope (the organisation
 * they act for; an employer without one gets 404, there being nobody to invoice) and a way to
 * audit what they change. The employer guard has already run.
 */
export function billingRequest(context: Readonly<RouterContextProvider>) {
  const runtime = context.get(runtimeContext);
  const scope = requireEmployer(currentScope(context));
  async function audit(entry: Omit<AuditEntry, "actor" | "request">) {
    await recordAuditEventAs(scope, entry);
  }
  return { runtime, scope, audit };
}

const pdfFileName = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.pdf$/i;

/**
 * `/<documents>/<id>.pdf` for an invoice or a credit note: the document if this employer may see
 * it, audited; anyone else gets 404 (and a denied audit entry), never a hint that it exists.
 */
export async function billingDocumentPdf(
  context: Readonly<RouterContextProvider>,
  file: string,
  document: {
    type: "invoice" | "credit_note";
    label: string;
    load: (scope: Scope, id: string) => Promise<{ number: string; pdf: Buffer; sha256: string }>;
  },
): Promise<Response> {
  const { scope, audit } = billingRequest(context);
  const id = pdfFileName.exec(file)?.[1];
  const notFound = () => data(`${document.label} not found`, { status: 404 });
  if (!id) throw notFound();
  const action = `${document.type}.downloaded`;
  const object = { type: document.type, id };
  try {
    const { number, pdf, sha256 } = await document.load(scope, id);
    await audit({ action, outcome: "success", object, details: { number, sha256 } });
    return pdfDownload(pdf, number, { "X-Content-Type-Options": "nosniff" });
  } catch (error) {
    if (isDomainError(error, "not_found")) await audit({ action, outcome: "denied", object });
    throw refusalResponse(error, refusalMessage);
  }
}
