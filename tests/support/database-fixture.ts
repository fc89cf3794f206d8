import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle } from "~/db/client.server.ts";
import { createTestDatabase } from "~tests/support/test-database.ts";

/**
 * Something a test file opens before its first test and closes after its last (a database, a
 * runtime): the returned function gives it inside tests and hooks, and refuses outside them.
 */
export function forFile<T>(open: () => Promise<T>, close: (opened: T) => Promise<void>): () => T {
  let opened: T | undefined;
  beforeAll(async () => {
    opened = await open();
  }, 60_000);
  afterAll(async () => {
    if (opened !== undefined) await close(opened);
  });
  return () => {
    if (opened === undefined) throw new Error("open only while the file's tests and hooks run");
    return opened;
  };
}

/**
 * The test file's own fresh database (createTestDatabase), opened before its first test and
 * closed after its last. Call it at the top of the file; read from it in tests and hooks only,
 * as it is open only while they run.
 */
export function testDatabaseForFile(
  options?: Parameters<typeof createTestDatabase>[0],
): DatabaseHandle {
  const open = forFile(
    () => createTestDatabase(options),
    (handle) => handle.close(),
  );
  return {
    get db() {
      return open().db;
    },
    get engine() {
      return open().engine;
    },
    get pglite() {
      return open().pglite;
    },
    get connectionString() {
      return open().connectionString;
    },
    ping: () => open().ping(),
    close: () => open().close(),
  };
}

/**
 * A temporary folder of the test file's own (a server's DATA_DIR, a file outbox), made before its
 * first test and removed after its last; the returned function gives its path.
 */
export function tempDirForFile(prefix: string): () => string {
  return forFile(
    async () => fs.mkdtempSync(path.join(os.tmpdir(), prefix)),
    async (dir) => fs.rmSync(dir, { recursive: true, force: true }),
  );
}
