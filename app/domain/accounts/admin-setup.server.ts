import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { user, verification } from "~/db/schema/index.ts";
import { normaliseEmail } from "./account-key.ts";
import { auditAuthEvent } from "./audit.server.ts";
import { passwordProblem, type WeakPassword } from "./check-password.server.ts";
import { createAccountWithoutPassword } from "./new-account.server.ts";
import { createSetPasswordLink } from "./set-password-link.server.ts";
import type { AccountsDeps, RequestMeta } from "./types.ts";

const SETUP_LINK_VALID_MS = 24 * 60 * 60 * 1000;
const SETUP_MARKER = "first-admin-setup";

async function adminExists(deps: Pick<AccountsDeps, "database">): Promise<boolean> {
  const [row] = await deps.database.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.role, "admin"))
    .limit(1);
  return Boolean(row);
}

/** Where the current set-up link is also written (mode 0600), next to the data it protects. */
function setupLinkFile(dataDir: string) {
  return path.join(dataDir, "first-admin-setup-link.txt");
}

/**
 * While no administrator exists: a new one-time link (24 hours) that creates the first one; any
 * earlier link stops working. Null once an administrator exists. There are no default accounts.
 */
export async function issueFirstAdminSetupLink(deps: AccountsDeps): Promise<string | null> {
  const file = setupLinkFile(deps.config.dataDir);
  if (await adminExists(deps)) {
    fs.rmSync(file, { force: true });
    return null;
  }
  const { db } = deps.database;
  await db.delete(verification).where(eq(verification.value, SETUP_MARKER));
  const token = randomBytes(32).toString("base64url");
  const { internalAdapter } = await deps.auth.$context;
  await internalAdapter.createVerificationValue({
    identifier: `${SETUP_MARKER}:${token}`,
    value: SETUP_MARKER,
    expiresAt: new Date(Date.now() + SETUP_LINK_VALID_MS),
  });
  const url = new URL("/setup", deps.config.PUBLIC_URL);
  url.searchParams.set("token", token);
  fs.mkdirSync(deps.config.dataDir, { recursive: true });
  fs.writeFileSync(file, `${url.toString()}\n`, { mode: 0o600 });
  return url.toString();
}

export async function setupTokenIsValid(deps: AccountsDeps, token: string): Promise<boolean> {
  if (!token || (await adminExists(deps))) return false;
  const { internalAdapter } = await deps.auth.$context;
  const found = await internalAdapter.findVerificationValue(`${SETUP_MARKER}:${token}`);
  return Boolean(found && found.value === SETUP_MARKER && found.expiresAt > new Date());
}

type FirstAdminResult = { status: "created" } | { status: "invalid-token" } | WeakPassword;

/** Consumes the set-up link and creates the first administrator (address taken as verified). */
export async function createFirstAdmin(
  deps: AccountsDeps,
  input: { token: string; name: string; email: string; password: string; request: RequestMeta },
): Promise<FirstAdminResult> {
  const problem = await passwordProblem(input.password, {
    email: input.email,
    name: input.name,
  });
  if (problem) return { status: "weak-password", message: problem };
  if (!(await setupTokenIsValid(deps, input.token))) return { status: "invalid-token" };
  const { internalAdapter, password } = await deps.auth.$context;
  // One use: of two racing requests only one consumes the token.
  if (!(await internalAdapter.consumeVerificationValue(`${SETUP_MARKER}:${input.token}`))) {
    return { status: "invalid-token" };
  }
  const email = normaliseEmail(input.email);
  const created = await createAdminUser(deps, { email, name: input.name });
  if (!created) return { status: "invalid-token" };
  await internalAdapter.linkAccount({
    userId: created,
    providerId: "credential",
    accountId: created,
    password: await password.hash(input.password),
  });
  fs.rmSync(setupLinkFile(deps.config.dataDir), { force: true });
  await auditAuthEvent(deps.database.db, input.request, {
    action: "admin.created",
    outcome: "success",
    actor: { id: created, role: "admin" },
    object: { type: "user", id: created },
    details: { via: "first-admin-setup-link", role: "admin" },
  });
  return { status: "created" };
}

/** A new administrator account without a password; null if the address is taken. */
async function createAdminUser(
  deps: Pick<AccountsDeps, "auth" | "database">,
  input: { email: string; name: string },
): Promise<string | null> {
  const email = normaliseEmail(input.email);
  const [existing] = await deps.database.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email));
  if (existing) return null;
  const created = await createAccountWithoutPassword(deps, {
    email,
    name: input.name,
    role: "admin",
    emailVerified: true,
  });
  return created.id;
}

/** `npm run admin:create`: a new administrator and a one-time set-password link (24 hours). */
export async function createAdminWithSetPasswordLink(
  deps: Pick<AccountsDeps, "auth" | "database" | "config">,
  input: { email: string; name: string },
): Promise<{ status: "created"; link: string } | { status: "email-taken" }> {
  const id = await createAdminUser(deps, input);
  if (!id) return { status: "email-taken" };
  const link = await createSetPasswordLink(deps, {
    userId: id,
    validForMs: SETUP_LINK_VALID_MS,
    purpose: "setup",
  });
  await auditAuthEvent(deps.database.db, null, {
    action: "admin.created",
    outcome: "success",
    actor: null,
    object: { type: "user", id },
    details: { via: "command-line", role: "admin" },
  });
  return { status: "created", link };
}
