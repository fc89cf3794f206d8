import { randomUUID } from "node:crypto";
import { base32Decode, totp } from "~/domain/accounts/totp.ts";
import type { Runtime } from "~/services/runtime.server.ts";

/** The password of every account a test signs in with. */
export const PASSWORD = "Teal-Harbour-Lantern-42";

export function uniqueEmail(prefix: string) {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.org`;
}

/** A code from the secret shown at enrolment (RFC 6238). */
export function codeFor(secret: string, at = new Date()) {
  return totp(base32Decode(secret), at);
}

/** A verified account with the suite's password, made on a server's own auth. */
export async function createAccountOn(
  runtime: Pick<Runtime, "auth">,
  role: "employer" | "admin",
  email: string,
  name: string,
): Promise<string> {
  const { internalAdapter, password: hasher } = await runtime.auth.$context;
  const [firstName, lastName] = name.split(" ");
  const created = await internalAdapter.createUser(
    { email, name, emailVerified: true, role, firstName, lastName },
    { method: "admin" },
  );
  await internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: await hasher.hash(PASSWORD),
  });
  return created.id as string;
}
