import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle } from "~/db/client.server.ts";
import { createTestDatabase } from "~tests/support/test-database.ts";

/**
 * The test file's own fresh database (createTestDatabase), opened before its first test and
 * closed after its last. Call it at the top of the file; read from it in tests and hooks only,
 * as it is open only while they run.
 */
export function testDatabaseForFile(
  options?: Parameters<typeof createTestDatabase>[0],
): DatabaseHandle {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase(options);
  });
  afterAll(async () => {
    await handle?.close();
  });
  const open = () => {
    if (!handle) throw new Error("the test database is open only while tests and hooks run");
    return handle;
  };
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
