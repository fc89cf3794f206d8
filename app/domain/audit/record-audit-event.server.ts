import type { Database } from "~/db/client.server.ts";
import { auditEvent } from "~/db/schema/index.ts";
import { auditActorOf } from "~/domain/kernel/actor.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { auditDetailsProblem } from "./audit-details-guard.ts";

export interface AuditEntry {
  action: string;
  outcome: "success" | "failure" | "denied";
  actor?: { id: string; role: string; organisationId?: string | null } | null;
  object?: { type: string; id: string };
  request?: { ip: string | null; requestId: string };
  /** Never secrets, tokens or health answers. */
  details?: Record<string, unknown>;
}

/**
 * Appends one event; the table refuses updates and deletes (migration 0001) and a trigger links it
 * into the hash chain (ADR 0008). Details that look like a secret or health content are refused.
 */
export async function recordAuditEvent(
  db: Pick<Database, "insert">,
  entry: AuditEntry,
): Promise<void> {
  const problem = auditDetailsProblem(entry.details ?? {});
  if (problem) throw new Error(`Audit event ${entry.action} refused: ${problem}.`);
  await db.insert(auditEvent).values({
    action: entry.action,
    outcome: entry.outcome,
    actorId: entry.actor?.id ?? null,
    actorRole: entry.actor?.role ?? null,
    organisationId: entry.actor?.organisationId ?? null,
    objectType: entry.object?.type ?? null,
    objectId: entry.object?.id ?? null,
    ip: entry.request?.ip ?? null,
    requestId: entry.request?.requestId ?? null,
    details: entry.details ?? {},
  });
}

/**
 * A step the scope's actor took, in the audit log: who acted and from which request come from the
 * scope, so the caller names only what was done, to what, and details that are never health
 * content. A success unless the caller says otherwise.
 */
export function recordScopeAuditEvent(
  db: Pick<Database, "insert">,
  scope: Pick<Scope, "actor" | "origin">,
  entry: Pick<AuditEntry, "action" | "object" | "details"> & { outcome?: AuditEntry["outcome"] },
): Promise<void> {
  return recordAuditEvent(db, {
    outcome: "success",
    ...entry,
    actor: auditActorOf(scope.actor),
    request: scope.origin,
  });
}
