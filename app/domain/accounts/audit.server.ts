import type { Database } from "~/db/client.server.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import type { RequestMeta } from "./types.ts";

/** Every auth event goes to the audit log with the request's address and id; never a secret. */
export function auditAuthEvent(
  db: Database,
  request: Pick<RequestMeta, "ip" | "requestId"> | null,
  event: {
    action: string;
    outcome: "success" | "failure" | "denied";
    actor?: { id: string; role: string; organisationId?: string | null } | null;
    object?: { type: string; id: string };
    details?: Record<string, unknown>;
  },
) {
  return recordAuditEvent(db, {
    ...event,
    request: request ? { ip: request.ip, requestId: request.requestId } : undefined,
  });
}

/**
 * How a signed-in person stands in their own account's audit events: the account, its platform
 * role and the organisation the session acts for, so an employer's change is found under it.
 */
export function accountAuditActor(actor: Actor) {
  return { id: actor.userId, role: actor.role, organisationId: actor.organisationId };
}
