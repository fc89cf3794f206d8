import { randomBytes } from "node:crypto";
import pg from "pg";

const adminUrl = process.env.CI_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * A PostgreSQL database of this test's own on the server CI and this machine run (CI_POSTGRES_URL,
 * else 127.0.0.1:5432), with the administrator's connection kept open for the test to act on the
 * server; `drop()` removes the database and closes that connection.
 */
export async function scratchDatabase(prefix: string) {
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect().catch((error: Error) => {
    throw new Error(
      `This test needs a PostgreSQL server at ${adminUrl} (set CI_POSTGRES_URL): ${error.message}`,
    );
  });
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    admin,
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * A production server's settings on `database` (a scratchDatabase's url), with fresh secrets and
 * demo payments, listening on `port`.
 */
export function settingsOnDatabase(database: { name: string; url: string }, port: number) {
  return {
    DATABASE_URL: database.url,
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    DATA_ENCRYPTION_KEYS: `${database.name}:${randomBytes(32).toString("base64")}`,
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    ALLOW_DEMO_PAYMENTS: "true",
  };
}
