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
 * An event done by the scope's actor, from the scope's request: how a use case, a route or a job
 * audits what it does, so nobody names the actor by hand. `organisationId` files an event of an
 * actor with no organisation (a job) under the organisation whose case it concerns, for that
 * organisation's log. `executor` is the transaction the event belongs to, when there is one, so it
 * commits or rolls back with the change it records. A success unless the entry says otherwise.
 */
export async function recordAuditEventAs(
  scope: Pick<Scope, "actor" | "origin"> & Partial<Pick<Scope, "db">>,
  {
    organisationId,
    outcome = "success",
    ...entry
  }: Omit<AuditEntry, "actor" | "request" | "outcome"> & {
    outcome?: AuditEntry["outcome"];
    organisationId?: string;
  },
  executor: Pick<Database, "insert"> | undefined = scope.db,
): Promise<void> {
  if (!executor) throw new Error(`Audit event ${entry.action} has no database to be written to.`);
  const actor = auditActorOf(scope.actor);
  await recordAuditEvent(executor, {
    ...entry,
    outcome,
    actor: { ...actor, organisationId: actor.organisationId ?? organisationId ?? null },
    request: scope.origin,
  });
}
