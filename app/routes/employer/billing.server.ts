import { data, type RouterContextProvider } from "react-router";
import { requestContext, runtimeContext } from "~/context.ts";
import { type AuditEntry, recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import type { BillingActor } from "~/domain/billing/actor.ts";
import { currentSession } from "~/middleware/session.server.ts";

/**
 * What the billing pages need from the signed-in employer: the organisation they act for and a
 * way to audit what they change. The employer guard has already run.
 */
export function billingRequest(context: Readonly<RouterContextProvider>) {
  const runtime = context.get(runtimeContext);
  const info = context.get(requestContext);
  const { user, organisation } = currentSession(context);
  // An employer without an organisation cannot buy anything: there is nobody to invoice.
  if (!organisation) throw data("No organisation", { status: 403 });
  const actor: BillingActor = { userId: user.id, organisationId: organisation.id };
  async function audit(entry: Omit<AuditEntry, "actor" | "request">) {
    await recordAuditEvent(runtime.database.db, {
      ...entry,
      actor: { id: user.id, role: "employer", organisationId: organisation!.id },
      request: { ip: info.ip, requestId: info.requestId },
    });
  }
  return { runtime, actor, organisation, audit };
}
