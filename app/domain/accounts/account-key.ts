import { createHash } from "node:crypto";

/** Trims and lower-cases, as better-auth stores addresses. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The key the per-account limits use: a hash of the normalised address, so the throttle table holds
 * no address, and an unknown address is counted and locked exactly like a registered one.
 */
export function accountKey(email: string): string {
  return createHash("sha256")
    .update(`account:${normaliseEmail(email)}`)
    .digest("hex");
}
