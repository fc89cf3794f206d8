import { type ChildProcess, spawn } from "node:child_process";
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
import { createTestDatabase, testDatabaseOwnerUrl } from "~tests/support/test-database.ts";

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
const root = path.resolve(import.meta.dirname, "../../..");
const script = path.join(root, "tests/support/outbox-process.ts");
const children: ChildProcess[] = [];
const dataDirs: string[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A server process; `lines` collects what it prints, `reached(line)` waits for one. */
function serverProcess(mode: "submit" | "expire" | "serve", env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ["--import", "tsx", script, mode], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      JOBS: "on",
      ...env,
    },
  });
  children.push(child);
  let output = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  child.stdout!.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr!.on("data", (chunk) => {
    output += chunk;
  });
  const reached = (line: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (output.includes(`${line}\n`)) resolve();
      };
      child.stdout!.on("data", check);
      check();
      void exited.then(({ code, signal }) =>
        reject(new Error(`${mode} process ended (${code ?? signal}) before "${line}":\n${output}`)),
      );
    });
  return { child, reached, exited, output: () => output };
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
  db: Awaited<ReturnType<typeof openDatabase>>["db"],
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
async function expectEveryExpiryNoticeOnce(
  db: Awaited<ReturnType<typeof openDatabase>>["db"],
  dataDir: string,
) {
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

describe("a server killed during 20 concurrent submissions", () => {
  it("sends every committed invitation once, on the embedded engine", {
    timeout: 240_000,
  }, async () => {
    const dataDir = freshDataDir();
    const env = { DATA_DIR: dataDir, DATABASE_URL: "", DATABASE_MIGRATION_URL: "" };
    const outcome = await killAndRestart(env);
    const database = await openDatabase(
      databaseLocationFromConfig(loadConfig({ DATA_DIR: dataDir })),
    );
    try {
      await expectEveryInvitationOnce(database.db, dataDir, outcome);
    } finally {
      await database.close();
    }
  });

  it("sends every expired referral's notice once, on the embedded engine", {
    timeout: 240_000,
  }, async () => {
    const dataDir = freshDataDir();
    const env = { DATA_DIR: dataDir, DATABASE_URL: "", DATABASE_MIGRATION_URL: "" };
    await killAndRestart(env, "expire");
    const database = await openDatabase(
      databaseLocationFromConfig(loadConfig({ DATA_DIR: dataDir })),
    );
    try {
      await expectEveryExpiryNoticeOnce(database.db, dataDir);
    } finally {
      await database.close();
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "sends every expired referral's notice once, on PostgreSQL",
    { timeout: 240_000 },
    async () => {
      const dataDir = freshDataDir();
      const database = await createTestDatabase();
      try {
        const owner = testDatabaseOwnerUrl(database);
        await killAndRestart(
          {
            DATA_DIR: dataDir,
            DATABASE_URL: database.connectionString,
            ...(owner ? { DATABASE_MIGRATION_URL: owner } : {}),
          },
          "expire",
        );
        await expectEveryExpiryNoticeOnce(database.db, dataDir);
      } finally {
        await database.close();
      }
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    "sends every committed invitation once, on PostgreSQL",
    { timeout: 240_000 },
    async () => {
      const dataDir = freshDataDir();
      const database = await createTestDatabase();
      try {
        const owner = testDatabaseOwnerUrl(database);
        const outcome = await killAndRestart({
          DATA_DIR: dataDir,
          DATABASE_URL: database.connectionString,
          ...(owner ? { DATABASE_MIGRATION_URL: owner } : {}),
        });
        await expectEveryInvitationOnce(database.db, dataDir, outcome);
      } finally {
        await database.close();
      }
    },
  );
});
