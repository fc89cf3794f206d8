import { and, eq } from "drizzle-orm";
import { apiKey, organisation } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import type { EmployerActor } from "~/domain/kernel/actor.ts";
import { requireSystem } from "~/domain/kernel/guards.ts";
import { checkRateLimit, recordRateLimitAttempt } from "~/domain/kernel/rate-limit.server.ts";
import { createScope, type Scope } from "~/domain/kernel/scope.ts";
import { visibleApiKeys } from "~/domain/kernel/visibility.server.ts";
import { hashApiKeySecret, looksLikeApiKeySecret } from "./api-key-secret.ts";
import type { ApiScope } from "./api-scopes.ts";

export type ApiKeyAuthentication =
  | { status: "ok"; scope: Scope<EmployerActor>; keyId: string; scopes: ApiScope[] }
  | { status: "unauthenticated"; message: string }
  | { status: "rate_limited"; retryAfterSeconds: number };

/**
 * The door of /api/v1 (docs/api.md): the secret a call carries, checked against the stored hashes
 * on every call (so a revoked key is refused from its very next request), and counted against the
 * key's rate limit. A valid key gets the organisation's scope: an employer actor acting for the
 * organisation as a whole (an HR administrator's reach: every referral and report, the credits),
 * naming the key, never a member's account. A key stops working when it expires or is revoked;
 * it outlives the member who made it, who may leave the team while the HR system it serves keeps
 * running (what it makes is still owned under that member, as their own referrals are once they
 * leave, for an owner or HR administrator to reassign; the audit names the key).
 */
export async function authenticateApiKey(
  door: Scope,
  secret: string | null,
): Promise<ApiKeyAuthentication> {
  const { db, now } = requireSystem(door);
  const refused = {
    status: "unauthenticated" as const,
    message: "Send a valid API key as `Authorization: Bearer roh_live_…`.",
  };
  if (!secret || !looksLikeApiKeySecret(secret)) return refused;
  const [key] = await db
    .select({
      id: apiKey.id,
      organisationId: apiKey.organisationId,
      organisationName: organisation.name,
      scopes: apiKey.scopes,
      createdBy: apiKey.createdBy,
      expiresAt: apiKey.expiresAt,
      revokedAt: apiKey.revokedAt,
    })
    .from(apiKey)
    .innerJoin(organisation, eq(organisation.id, apiKey.organisationId))
    .where(and(eq(apiKey.secretHash, hashApiKeySecret(secret)), visibleApiKeys(door)));
  if (!key) return refused;
  const unusable = key.revokedAt
    ? "revoked"
    : key.expiresAt && key.expiresAt <= now
      ? "expired"
      : null;
  if (unusable) {
    await recordAuditEventAs(door, {
      action: "api.authenticate",
      outcome: "denied",
      organisationId: key.organisationId,
      object: { type: "api_key", id: key.id },
      details: { reason: unusable },
    });
    return {
      status: "unauthenticated",
      message:
        unusable === "revoked" ? "This API key has been revoked." : "This API key has expired.",
    };
  }
  const verdict = await checkRateLimit(db, "apiKey", key.id, now);
  if (verdict.limited)
    return { status: "rate_limited", retryAfterSeconds: verdict.retryAfterSeconds };
  await recordRateLimitAttempt(db, "apiKey", key.id, now);
  const actor: EmployerActor = {
    role: "employer",
    userId: key.createdBy,
    organisationId: key.organisationId,
    organisationName: key.organisationName,
    memberRole: "hr_admin",
    apiKeyId: key.id,
  };
  return {
    status: "ok",
    scope: createScope(db, actor, door.origin, door.adapters, now),
    keyId: key.id,
    scopes: key.scopes,
  };
}
