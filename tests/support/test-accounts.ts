import { randomUUID } from "node:crypto";
// Relative, not "~/": the browser tests' seed step (tests/e2e/support/seed-accounts.ts) loads
// this file outside Vite and Vitest.
import { base32Decode, totp } from "../../app/domain/accounts/totp.ts";
import type { Runtime } from "../../app/services/runtime.server.ts";

/*
 * Accounts for tests that make them on a server's own runtime: the server tests (tests/server),
 * the browser specs that run the build in their worker (in-process-server.ts), and the seed step
 * before the shared browser-test server starts (seed-accounts.ts). Free of Playwright and Vitest,
 * so each of them can load it.
 */

/** The password of every account a test makes, seeds or signs in with. */
export const PASSWORD = "Teal-Harbour-Lantern-42";

export function uniqueEmail(prefix: string) {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.org`;
}

/** A code from the secret shown at enrolment (RFC 6238). */
export function codeFor(secret: string, at = new Date()) {
  return totp(base32Decode(secret), at);
}

/**
 * A verified account with the suite's password, made through better-auth's own adapter;
 * `passwordHash` (of PASSWORD) saves hashing it again for each of many accounts.
 */
export async function createAccountOn(
  runtime: Pick<Runtime, "auth">,
  role: "employer" | "admin" | "doctor",
  email: string,
  name: string,
  passwordHash?: string,
): Promise<string> {
  const { internalAdapter, password: hasher } = await runtime.auth.$context;
  const [firstName, lastName] = name.replace(/^Dr /, "").split(" ");
  const created = await internalAdapter.createUser(
    { email, name, emailVerified: true, role, firstName, lastName },
    { method: "admin" },
  );
  await internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: passwordHash ?? (await hasher.hash(PASSWORD)),
  });
  return created.id as string;
}
