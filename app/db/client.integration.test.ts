import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import {
  copyMigratedPgliteDataDir,
  createTestDatabase,
  openTestDatabaseAsOwner,
} from "~tests/support/test-database.ts";
import { type DatabaseHandle, migrateDatabase, openDatabase } from "./client.server.ts";
import { auditEvent } from "./schema/index.ts";

/** The database's own message; drizzle wraps it as the cause of "Failed query". */
async function databaseError(query: Promise<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    return String((error as Error & { cause?: Error }).cause?.message ?? (error as Error).message);
  }
  return "no error";
}

describe("database", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("runs on the engine the environment names", () => {
    expect(database.engine).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
  });

  it("applies the migrations once and again without change", async () => {
    // Migrations, and their ledger, are the owner's (the app role of a two-role server has
    // neither).
    const owner = await openTestDatabaseAsOwner(database);
    let result: { rows: { n: number }[] };
    try {
      await migrateDatabase(owner);
      result = (await owner.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { n: number }[] };
    } finally {
      await owner.close();
    }
    const count = result.rows[0]?.n;
    const files = fs.readdirSync("drizzle").filter((f) => f.endsWith(".sql"));
    expect(count).toBe(files.length);
  });

  it("keeps the audit trail append-only", async () => {
    await recordAuditEvent(database.db, {
      action: "test.recorded",
      outcome: "success",
      object: { type: "test", id: "1" },
      request: { ip: "203.0.113.9", requestId: "req-1" },
    });
    const [row] = await database.db
      .select()
      .from(auditEvent)
      .where(sql`${auditEvent.action} = 'test.recorded'`);
    expect(row?.ip).toBe("203.0.113.9");
    // As the owner, whom no privilege stops: the trigger is the guard. (The app role of a
    // two-role server is refused these statements before the trigger: database-roles tests.)
    const owner = await openTestDatabaseAsOwner(database);
    try {
      expect(
        await databaseError(owner.db.execute(sql`update audit_event set action = 'x'`)),
      ).toMatch(/append-only/);
      expect(await databaseError(owner.db.execute(sql`delete from audit_event`))).toMatch(
        /append-only/,
      );
      expect(await databaseError(owner.db.execute(sql`truncate audit_event`))).toMatch(
        /append-only/,
      );
    } finally {
      await owner.close();
    }
    expect(await database.db.$count(auditEvent)).toBe(1);
  });
});

// A new directory costs an initdb: seconds alone, over half a minute beside the browser tests (npm
// test runs them side by side). The lock tests are about the lock, not a first start: their
// directories are copies of a migrated one, as a restarted server finds its own.
async function lockTestDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-lock-"));
  await copyMigratedPgliteDataDir(dir);
  return dir;
}

describe("embedded database directory", { timeout: 120_000 }, () => {
  it("keeps PostgreSQL's buffers small, on a new directory and when it is opened again", async () => {
    // They live in the server process's own memory (app/db/client.server.ts).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-settings-"));
    const sharedBuffers = async () => {
      const handle = await openDatabase({ kind: "pglite", dataDir: dir });
      try {
        return (await handle.pglite!.query<{ shared_buffers: string }>("show shared_buffers"))
          .rows[0]?.shared_buffers;
      } finally {
        await handle.close();
      }
    };
    expect(await sharedBuffers()).toBe("32MB");
    expect(await sharedBuffers()).toBe("32MB");
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a second opener while the first is open, and frees the lock on close", async () => {
    const dir = await lockTestDir();
    const first = await openDatabase({ kind: "pglite", dataDir: dir });
    await expect(openDatabase({ kind: "pglite", dataDir: dir })).rejects.toThrow(
      /in use by another ReferOH process/,
    );
    await first.ping();
    await first.close();
    const again = await openDatabase({ kind: "pglite", dataDir: dir });
    await again.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("takes over a lock left by a process that no longer exists", async () => {
    const dir = await lockTestDir();
    fs.writeFileSync(path.join(dir, "db.lock"), "999999999");
    const handle = await openDatabase({ kind: "pglite", dataDir: dir });
    await handle.close();
    expect(fs.existsSync(path.join(dir, "db.lock"))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
