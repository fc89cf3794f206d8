import { and, eq, isNull } from "drizzle-orm";
import { apiKey } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleApiKeys } from "~/domain/kernel/visibility.server.ts";
import { requireIntegrationsManager } from "./integrations-guard.ts";

/**
 * Revokes a key at once: every call authenticates against the table (no cache), so the next
 * request with it is refused. Another organisation's key is not found; revoking twice is a no-op.
 */
export async function revokeApiKey(scope: Scope, keyId: string): Promise<{ name: string }> {
  const { db, actor, now } = requireIntegrationsManager(scope);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: apiKey.id, name: apiKey.name, revokedAt: apiKey.revokedAt })
      .from(apiKey)
      .where(and(eq(apiKey.id, keyId), visibleApiKeys(scope)))
      .for("update");
    if (!row) throw new DomainError("not_found", "API key not found.");
    if (row.revokedAt) return { name: row.name };
    await tx
      .update(apiKey)
      .set({ revokedAt: now, revokedBy: actor.userId })
      .where(and(eq(apiKey.id, keyId), visibleApiKeys(scope), isNull(apiKey.revokedAt)));
    await recordAuditEventAs(
      scope,
      { action: "api_key.revoke", object: { type: "api_key", id: row.id } },
      tx,
    );
    return { name: row.name };
  });
}
