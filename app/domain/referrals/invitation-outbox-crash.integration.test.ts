import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server.ts";
import { databaseLocationFromConfig, openDatabase } from "~/db/client.server.ts";
import { installDataKeyring } from "~/db/encryption/keyring.ts";
import { mailOutbox, referral } from "~/db/schema/index.ts";
import { resolveDataKeyring } from "~/services/encryption/data-keyring.server.ts";
import { startServerProcess } from "~tests/support/server-process.ts";
import {
  copyMigratedPgliteDataDir,
  createTestDatabase,
  testDatabaseOwnerUrl,
} from "~tests/support/test-database.ts";

/*
 * The e-mail a referral's transition causes is written to the mail outbox in the same
 * transaction (docs/architecture.md §8, "The mail outbox"), so a crash after the commit cannot
 * lose it. A server process submits 20 referrals paid by credits at once and is killed with
 * SIGKILL the moment the fifth commits; the next process on the same database sends every
 * committed referral's invitation, each exactly once. The same for the employer's notice of a
 * referral that expired unpaid: the hourly job is killed at its fifth expiry. Once on the
 * embedded engine (its data directory, opened by one process after the other) and, with
 * DATABASE_URL, on PostgreSQL.
 */
const children: ChildProcess[] = [];
type Database = Awaited<ReturnType<typeof openDatabase>>["db"];
const dataDirs: string[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A server process on the outbox script; killed at the end if it is still running. */
function serverProcess(mode: "submit" | "expire" | "serve", env: NodeJS.ProcessEnv) {
  const started = startServerProcess("outbox-process.ts", mode, env);
  children.push(started.child);
  return started;
}

/** Every .eml in the file outbox: its raw text. */
function messages(dataDir: string): string[] {
  const dir = path.join(dataDir, "mail");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".eml"))
    .map((file) => fs.readFileSync(path.join(dir, file), "utf8"));
}

/** Every .eml in the file outbox, by its recipient. */
function recipients(dataDir: string): string[] {
  return messages(dataDir)
    .map((raw) => /^To: (.+)$/m.exec(raw)?.[1] ?? "")
    .sort();
}

async function killAndRestart(env: NodeJS.ProcessEnv, mode: "submit" | "expire" = "submit") {
  const first = serverProcess(mode, env);
  await first.reached("frozen");
  first.child.kill("SIGKILL");
  expect((await first.exited).signal).toBe("SIGKILL");
  const committed = first
    .output()
    .split("\n")
    .filter((line) => line.startsWith("committed "));
  const sentBeforeKill = recipients(env.DATA_DIR!).length;

  const second = serverProcess("serve", env);
  await second.reached("drained");
  second.child.kill("SIGTERM");
  expect((await second.exited).code).toBe(0);
  return { committedBeforeFreeze: committed.length, sentBeforeKill };
}

async function expectEveryInvitationOnce(
  db: Database,
  dataDir: string,
  {
    committedBeforeFreeze,
    sentBeforeKill,
  }: { committedBeforeFreeze: number; sentBeforeKill: number },
) {
  const invited = await db
    .select({ id: referral.id, email: referral.subjectEmail, status: referral.status })
    .from(referral);
  // The fifth commit froze the process before its own invitation could go: the crash this
  // guards against. The other submissions had committed, or had not and left nothing.
  expect(invited.length).toBeGreaterThanOrEqual(5);
  expect(invited.length).toBeGreaterThan(committedBeforeFreeze);
  expect(new Set(invited.map((r) => r.status))).toEqual(new Set(["invited"]));
  // Some invitations were left to the outbox by the kill, and the next process sent them.
  expect(sentBeforeKill).toBeLessThan(invited.length);
  expect(recipients(dataDir)).toEqual(invited.map((r) => r.email).sort());
  console.info(
    `kill test: ${invited.length} referrals committed, ${sentBeforeKill} invitations sent before the kill, ${recipients(dataDir).length} after the restart`,
  );
  for (const row of invited) {
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.referralId, row.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sentAt).not.toBeNull();
    expect(rows[0]?.messageId).toMatch(/^<.+@localhost>$/);
  }
}

/** Each referral that expired unpaid: its employer's notice, once; none for any other. */
async function expectEveryExpiryNoticeOnce(db: Database, dataDir: string) {
  const expired = await db
    .select({ id: referral.id, reference: referral.reference })
    .from(referral)
    .where(eq(referral.status, "payment_expired"));
  // Killed at the fifth expiry; the restarted worker may have expired the rest as well.
  expect(expired.length).toBeGreaterThanOrEqual(5);
  const notices = messages(dataDir)
    .filter((raw) => /^To: owner@lapsed\.test$/m.test(raw))
    .map((raw) => /^Subject: Referral (\S+) expired unpaid$/m.exec(raw)?.[1] ?? "?")
    .sort();
  expect(notices).toEqual(expired.map((r) => r.reference).sort());
  console.info(`kill test: ${expired.length} referrals expired, ${notices.length} notices sent`);
  for (const row of expired) {
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.referralId, row.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "message", message: null });
    expect(rows[0]?.sentAt).not.toBeNull();
  }
}

function freshDataDir(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-outbox-kill-"));
  dataDirs.push(dataDir);
  // The keyring the server processes will find in DATA_DIR, as `npm start` keeps it.
  installDataKeyring(resolveDataKeyring(loadConfig({ DATA_DIR: dataDir })).keyring);
  return dataDir;
}

/**
 * `scenario` with the server processes on the embedded engine in a fresh DATA_DIR (opened by one
 * process after the other), then `check` on the database they left.
 */
async function onEmbeddedEngine<T>(
  scenario: (env: NodeJS.ProcessEnv) => Promise<T>,
  check: (db: Database, dataDir: string, outcome: T) => Promise<void>,
) {
  const dataDir = freshDataDir();
  // Migrated already, as a restarted server finds it: what is proved is the crash between a
  // commit and its e-mail, not a first start's initdb.
  await copyMigratedPgliteDataDir(dataDir);
  const outcome = await scenario({
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    DATABASE_MIGRATION_URL: "",
  });
  const database = await openDatabase(
    databaseLocationFromConfig(loadConfig({ DATA_DIR: dataDir })),
  );
  try {
    await check(database.db, dataDir, outcome);
  } finally {
    await database.close();
  }
}

/** The same on a PostgreSQL test database of its own. */
async function onPostgreSQL<T>(
  scenario: (env: NodeJS.ProcessEnv) => Promise<T>,
  check: (db: Database, dataDir: string, outcome: T) => Promise<void>,
) {
  const dataDir = freshDataDir();
  const database = await createTestDatabase();
  try {
    const owner = testDatabaseOwnerUrl(database);
    const outcome = await scenario({
      DATA_DIR: dataDir,
      DATABASE_URL: database.connectionString,
      ...(owner ? { DATABASE_MIGRATION_URL: owner } : {}),
    });
    await check(database.db, dataDir, outcome);
  } finally {
    await database.close();
  }
}

const expire = (env: NodeJS.ProcessEnv) => killAndRestart(env, "expire");

describe("a server killed during 20 concurrent submissions", () => {
  it("sends every committed invitation once, on the embedded engine", { timeout: 240_000 }, () =>
    onEmbeddedEngine(killAndRestart, expectEveryInvitationOnce),
  );

  it(
    "sends every expired referral's notice once, on the embedded engine",
    {
      timeout: 240_000,
    },
    () => onEmbeddedEngine(expire, expectEveryExpiryNoticeOnce),
  );

  it.skipIf(!process.env.DATABASE_URL)(
    "sends every expired referral's notice once, on PostgreSQL",
    { timeout: 240_000 },
    () => onPostgreSQL(expire, expectEveryExpiryNoticeOnce),
  );

  it.skipIf(!process.env.DATABASE_URL)(
    "sends every committed invitation once, on PostgreSQL",
    { timeout: 240_000 },
    () => onPostgreSQL(killAndRestart, expectEveryInvitationOnce),
  );
});
