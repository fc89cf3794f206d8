import type { Database } from "~/db/client.server.ts";
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
