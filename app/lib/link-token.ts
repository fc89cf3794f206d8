import { createHash, randomBytes } from "node:crypto";

/**
 * The secret in an e-mailed link (an assessment link, a team invitation): 256 random bits. Only
 * its SHA-256 is stored, so a copy of the database opens no link.
 */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
