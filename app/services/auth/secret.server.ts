import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "~/config.server.ts";

/** A real deployment: production mode and either https or a shared PostgreSQL server. */
export function secretIsRequired(config: Config): boolean {
  if (config.NODE_ENV !== "production") return false;
  return new URL(config.PUBLIC_URL).protocol === "https:" || Boolean(config.DATABASE_URL);
}

/**
 * What a deployment stops with when a secret it must be given is missing: the message names the
 * setting and how to make one, and the code lets start-up print it as one line.
 */
export function missingSecretError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * The auth secret: BETTER_AUTH_SECRET when set; refused when missing where it must be set (every
 * server of a deployment needs the same value); otherwise a random one kept in DATA_DIR, so a local
 * run needs no configuration and sessions survive restarts.
 */
export function resolveAuthSecret(config: Config): string {
  if (config.BETTER_AUTH_SECRET) return config.BETTER_AUTH_SECRET;
  if (secretIsRequired(config)) {
    throw missingSecretError(
      "AUTH_SECRET_MISSING",
      "BETTER_AUTH_SECRET is not set. In production over https or on a PostgreSQL server it is required: " +
        "set it to a random value of at least 32 characters (e.g. `openssl rand -base64 48`), the same on every server.",
    );
  }
  const file = path.join(config.dataDir, "auth-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: create it below
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
