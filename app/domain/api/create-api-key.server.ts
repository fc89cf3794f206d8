import { apiKey } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { apiKeyExpiry } from "./api-key-expiry.ts";
import type { CreateApiKeyInput } from "./api-key-input.ts";
import { newApiKeySecret } from "./api-key-secret.ts";
import { requireIntegrationsManager } from "./integrations-guard.ts";

/**
 * Makes a key for the organisation (docs/api.md): the secret is returned this once and never
 * stored, only its hash. Audited with the key's id, name and scopes, never the secret.
 */
export async function createApiKey(
  scope: Scope,
  input: CreateApiKeyInput,
): Promise<{ id: string; name: string; secret: string }> {
  const { db, actor, now } = requireIntegrationsManager(scope);
  const expiresAt = apiKeyExpiry(input.expiresOn);
  if (expiresAt && expiresAt <= now)
    throw new DomainError("invalid_input", "The last day must be today or later.");
  const { secret, prefix, hash } = newApiKeySecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKey)
      .values({
        organisationId: actor.organisationId,
        name: input.name,
        prefix,
        secretHash: hash,
        scopes: input.scopes,
        createdBy: actor.userId,
        createdAt: now,
        expiresAt,
      })
      .returning({ id: apiKey.id, name: apiKey.name });
    await recordAuditEventAs(
      scope,
      {
        action: "api_key.create",
        object: { type: "api_key", id: row!.id },
        details: { scopes: input.scopes, expiresAt: expiresAt?.toISOString() ?? null },
      },
      tx,
    );
    return { id: row!.id, name: row!.name, secret };
  });
}
