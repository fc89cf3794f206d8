import { createHash, randomBytes } from "node:crypto";

/**
 * An API key's secret (docs/api.md): `roh_live_` and 43 characters of base64url (256 random
 * bits), recognisable in a log or a secret scanner by its prefix. Only its SHA-256 is stored.
 */
const secretPrefix = "roh_live_";
const secretFormat = /^roh_live_[A-Za-z0-9_-]{43}$/;

export function newApiKeySecret(): { secret: string; prefix: string; hash: string } {
  const secret = `${secretPrefix}${randomBytes(32).toString("base64url")}`;
  return {
    secret,
    prefix: secret.slice(0, secretPrefix.length + 6),
    hash: hashApiKeySecret(secret),
  };
}

export function hashApiKeySecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function looksLikeApiKeySecret(value: string): boolean {
  return secretFormat.test(value);
}
