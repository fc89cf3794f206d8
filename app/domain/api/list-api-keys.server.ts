import { desc } from "drizzle-orm";
import { apiKey } from "~/db/schema/index.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleApiKeys } from "~/domain/kernel/visibility.server.ts";
import { requireIntegrationsManager } from "./integrations-guard.ts";

/** The organisation's keys, newest first, with their state at the scope's time: never a secret. */
export async function listApiKeys(scope: Scope) {
  const { db, now } = requireIntegrationsManager(scope);
  const rows = await db
    .select({
      id: apiKey.id,
      name: apiKey.name,
      prefix: apiKey.prefix,
      scopes: apiKey.scopes,
      createdAt: apiKey.createdAt,
      expiresAt: apiKey.expiresAt,
      revokedAt: apiKey.revokedAt,
      lastUsedAt: apiKey.lastUsedAt,
    })
    .from(apiKey)
    .where(visibleApiKeys(scope))
    .orderBy(desc(apiKey.createdAt), desc(apiKey.id));
  return rows.map((key) => ({
    ...key,
    state: key.revokedAt
      ? ("revoked" as const)
      : key.expiresAt && key.expiresAt <= now
        ? ("expired" as const)
        : ("active" as const),
  }));
}
