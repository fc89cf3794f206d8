import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, migrateDatabase, openDatabase } from "./client.server.ts";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or — when
 * DATABASE_URL names a PostgreSQL server — a new database created on that server and dropped
 * on close, so the same tests prove every migration and query on both engines.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: "memory" });
    await migrateDatabase(handle);
    return handle;
  }

  const name = `referoh_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString() });
  await migrateDatabase(handle);
  const close = handle.close;
  return {
    ...handle,
    async close() {
      await close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
