import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { auditActorOf } from "~/domain/kernel/actor.ts";
import type { Scope } from "~/domain/kernel/scope.ts";

/** Each change to the doctor's availability is audited by what changed, on which row. */
export async function auditAvailability(
  scope: Scope,
  action: string,
  object: { type: "consultation_availability" | "consultation_exception"; id: string },
) {
  await recordAuditEvent(scope.db, {
    action,
    outcome: "success",
    actor: auditActorOf(scope.actor),
    object,
    request: scope.origin,
  });
}
