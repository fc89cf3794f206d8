import { type AuditEntry, recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { auditActorOf } from "~/domain/kernel/actor.ts";
import type { Scope } from "~/domain/kernel/scope.ts";

/** Every look at a report by an employer is audited: it is health information about someone. */
export async function auditEmployerReportAccess(
  scope: Scope,
  entry: Omit<AuditEntry, "actor" | "request">,
) {
  await recordAuditEvent(scope.db, {
    ...entry,
    actor: auditActorOf(scope.actor),
    request: scope.origin,
  });
}
