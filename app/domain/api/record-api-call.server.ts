import { and, eq } from "drizzle-orm";
import { apiKey } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import type { EmployerActor } from "~/domain/kernel/actor.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleApiKeys } from "~/domain/kernel/visibility.server.ts";

/**
 * Every call a key makes, in the audit log under the key's id (docs/api.md): the method, the
 * route's pattern (no ids or query values) and the status answered, and the member who made the
 * key, who stays named there after they leave the team. The key's "last used" moves on.
 */
export async function recordApiCall(
  scope: Scope<EmployerActor>,
  call: { keyId: string; method: string; route: string; status: number },
): Promise<void> {
  await scope.db
    .update(apiKey)
    .set({ lastUsedAt: scope.now })
    .where(and(eq(apiKey.id, call.keyId), visibleApiKeys(scope)));
  await recordAuditEventAs(scope, {
    action: "api.request",
    outcome:
      call.status < 400
        ? "success"
        : call.status === 401 || call.status === 403 || call.status === 404
          ? "denied"
          : "failure",
    object: { type: "api_key", id: call.keyId },
    details: {
      method: call.method,
      route: call.route,
      status: call.status,
      keyMadeBy: scope.actor.userId,
    },
  });
}
