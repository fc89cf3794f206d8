import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, gt, like, or, sql } from "drizzle-orm";
import { currentDataKeyring, decryptString, encryptString } from "~/db/encryption/keyring.ts";
import { user, verification } from "~/db/schema/index.ts";
import { normaliseEmail } from "./account-key.ts";
import { auditAuthEvent } from "./audit.server.ts";
import { passwordProblem, type WeakPassword } from "./check-password.server.ts";
import { createAccountWithoutPassword } from "./new-account.server.ts";
import { createSetPasswordLink } from "./set-password-link.server.ts";
import type { AccountsDeps, RequestMeta } from "./types.ts";

const SETUP_LINK_VALID_MS = 24 * 60 * 60 * 1000;
const SETUP_MARKER = "first-admin-setup";
/** A link with less than this left is replaced rather than printed again. */
const SETUP_LINK_REUSE_MARGIN_MS = 60 * 60 * 1000;

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

/*
 * The set-up link is one row of `verification`, kept in the database so that every app host
 * prints the same link and any of them accepts it (docs/deployment.md): a link held in one
 * process, or a new link per start, would leave N hosts with N links of which only the last
 * works. The row is our own (better-auth never reads it): `identifier` is the marker and the
 * token's SHA-256, so the token is not stored where it can be used, and `value` is the marker and
 * the token sealed under the data keyring, so another host can print the same link.
 */
const SETUP_AAD = "verification.first-admin-setup";

function setupIdentifier(token: string): string {
  return `${SETUP_MARKER}:${createHash("sha256").update(token).digest("base64url")}`;
}

const setupRows = or(
  eq(verification.value, SETUP_MARKER),
  like(verification.value, `${SETUP_MARKER}:%`),
);

function linkFor(config: AccountsDeps["config"], token: string): string {
  const url = new URL("/setup", config.PUBLIC_URL);
  url.searchParams.set("token", token);
  return url.toString();
}

/** The sealed token of a stored link, or null where it cannot be opened (a key retired since). */
function openSetupToken(value: string): string | null {
  try {
    return decryptString(currentDataKeyring(), value.slice(SETUP_MARKER.length + 1), SETUP_AAD);
  } catch {
    return null;
  }
}

/**
 * While no administrator exists: the one-time link (24 hours) that creates the first one. Every
 * host starting meanwhile gets the same link; a new one is made only when none is left that is
 * still valid for an hour, and then any earlier link stops working. Null once an administrator
 * exists. There are no default accounts.
 */
export async function issueFirstAdminSetupLink(deps: AccountsDeps): Promise<string | null> {
  const file = setupLinkFile(deps.config.dataDir);
  if (await adminExists(deps)) {
    fs.rmSync(file, { force: true });
    return null;
  }
  const now = Date.now();
  // Hosts starting together take turns: the first makes the link, the others find it.
  const token = await deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${SETUP_MARKER}))`);
    const rows = await tx
      .select({ value: verification.value, expiresAt: verification.expiresAt })
      .from(verification)
      .where(setupRows);
    for (const row of rows) {
      if (row.expiresAt.getTime() - now < SETUP_LINK_REUSE_MARGIN_MS) continue;
      const existing = row.value.startsWith(`${SETUP_MARKER}:`) ? openSetupToken(row.value) : null;
      if (existing) return existing;
    }
    await tx.delete(verification).where(setupRows);
    const fresh = randomBytes(32).toString("base64url");
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: setupIdentifier(fresh),
      value: `${SETUP_MARKER}:${encryptString(currentDataKeyring(), fresh, SETUP_AAD)}`,
      expiresAt: new Date(now + SETUP_LINK_VALID_MS),
    });
    return fresh;
  });
  const url = linkFor(deps.config, token);
  fs.mkdirSync(deps.config.dataDir, { recursive: true });
  fs.writeFileSync(file, `${url}\n`, { mode: 0o600 });
  return url;
}

export async function setupTokenIsValid(deps: AccountsDeps, token: string): Promise<boolean> {
  if (!token || (await adminExists(deps))) return false;
  const [found] = await deps.database.db
    .select({ id: verification.id })
    .from(verification)
    .where(
      and(
        eq(verification.identifier, setupIdentifier(token)),
        gt(verification.expiresAt, new Date()),
      ),
    );
  return Boolean(found);
}

/** Uses the link up: of two racing requests, on one host or two, only one deletes the row. */
async function consumeSetupToken(deps: AccountsDeps, token: string): Promise<boolean> {
  const consumed = await deps.database.db
    .delete(verification)
    .where(
      and(
        eq(verification.identifier, setupIdentifier(token)),
        gt(verification.expiresAt, new Date()),
      ),
    )
    .returning({ id: verification.id });
  return consumed.length > 0;
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
  if (!(await consumeSetupToken(deps, input.token))) return { status: "invalid-token" };
  const { internalAdapter, password } = await deps.auth.$context;
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
