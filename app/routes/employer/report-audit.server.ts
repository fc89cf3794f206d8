import type { RouterContextProvider } from "react-router";
import { requestContext, runtimeContext } from "~/context.ts";
import { type AuditEntry, recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import type { EmployerActor } from "~/domain/referrals/actor.ts";

/** Every look at a report by an employer is audited: it is health information about someone. */
export async function auditEmployerReportAccess(
  context: Readonly<RouterContextProvider>,
  actor: EmployerActor,
  entry: Omit<AuditEntry, "actor" | "request">,
) {
  const runtime = context.get(runtimeContext);
  const info = context.get(requestContext);
  await recordAuditEvent(runtime.database.db, {
    ...entry,
    actor: { id: actor.userId, role: "employer", organisationId: actor.organisationId },
    request: { ip: info.ip, requestId: info.requestId },
  });
}
