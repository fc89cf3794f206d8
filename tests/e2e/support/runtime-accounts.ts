import { PASSWORD } from "./password.ts";

/*
 * Accounts made directly on a production build's runtime, through better-auth's own adapter: for
 * the specs that run the build in their worker (in-process-server.ts) and for the seed step before
 * the shared server starts (seed-accounts.ts). Free of Playwright, so the seed step can load it.
 */

// biome-ignore lint/suspicious/noExplicitAny: the built bundle has no type declarations
type Runtime = any;

/**
 * A verified account with the suite's password; `passwordHash` (of PASSWORD) saves hashing it
 * again for each of many accounts.
 */
export async function createAccountOn(
  runtime: Runtime,
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
