import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDirectoryLock } from "./lock.server.ts";
import * as schema from "./schema/index.ts";
import { sessionChangesChannel } from "./session-changes.server.ts";

export type Schema = typeof schema;
/** The one type domain code sees, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgres";
  /** Present on the embedded engine: pg-boss runs on the same instance. */
  pglite?: PGlite;
  connectionString?: string;
  /**
   * PostgreSQL: notifications heard by the pooled connections, which LISTEN on the session
   * changes channel (followSessionChanges); returns the unsubscribe function.
   */
  onPooledNotification?(
    handler: (channel: string, payload: string | undefined) => void,
  ): () => void;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseLocation =
  /** poolMax: DB_POOL_MAX, the pool's connections (10 when not given). */
  | { kind: "postgres"; url: string; poolMax?: number }
  | { kind: "pglite"; dataDir: string }
  /** loadDataDir: a dumped data directory to start from (test templates) instead of initdb. */
  | { kind: "memory"; loadDataDir?: Blob };

export const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

/**
 * PostgreSQL settings of the embedded database (written to its postgresql.conf at each start).
 * `shared_buffers` is PostgreSQL's 128 MB default, and in PGlite it is allocated inside the one
 * WebAssembly memory of the server's own process, which never gives memory back: a quarter of it
 * started the server about 110 MB smaller (docs/perf-notes-memory.md). A page not in PostgreSQL's
 * buffers is read through the operating system's file cache, as a server's would be.
 */
const embeddedPostgresSettings = "shared_buffers = 32MB\n";

export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if (location.kind === "postgres") {
    // A session that LISTENs gets its own transaction's notifications before the COMMIT's answer,
    // so a write this process makes to what a session lookup reads is heard before the write
    // returns, and the next request cannot be served a cached lookup the write made stale
    // (docs/decisions/0013-session-cache.md). Each connection LISTENs once, before its first use.
    const pooledHandlers = new Set<(channel: string, payload: string | undefined) => void>();
    const pool = new pg.Pool({
      async onConnect(client) {
        client.on("notification", (message) => {
          for (const handler of pooledHandlers) handler(message.channel, message.payload);
        });
        await client.query(`LISTEN ${sessionChangesChannel}`);
      },
      connectionString: location.url,
      max: location.poolMax ?? 10,
      // While the server is unreachable a request waits this long for a connection, then gets
      // 503 (app/middleware/database-unavailable.server.ts) instead of hanging.
      connectionTimeoutMillis: 5_000,
    });
    // An idle client can die with the server; without a handler that error would crash the
    // process. The pool drops that client and opens a new one on the next query: that is the
    // reconnection.
    pool.on("error", () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    return {
      db,
      engine: "postgres",
      connectionString: location.url,
      onPooledNotification(handler) {
        pooledHandlers.add(handler);
        return () => pooledHandlers.delete(handler);
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      async close() {
        await pool.end();
      },
    };
  }

  let release = () => {};
  let dataDir: string | undefined;
  if (location.kind === "pglite") {
    fs.mkdirSync(location.dataDir, { recursive: true });
    dataDir = path.join(location.dataDir, "db");
    release = acquireDirectoryLock(`${dataDir}.lock`);
  }
  try {
    const pglite = await PGlite.create(dataDir ?? "memory://", {
      // btree_gin lets one GIN index hold the organisation beside the search words; pg_trgm is
      // kept for the migrations that made the trigram index the word index replaced.
      extensions: { btree_gin, pg_trgm },
      postgresqlconf: embeddedPostgresSettings,
      loadDataDir: location.kind === "memory" ? location.loadDataDir : undefined,
    });
    const db = drizzlePglite(pglite, { schema }) as unknown as Database;
    let closed = false;
    return {
      db,
      engine: "pglite",
      pglite,
      async ping() {
        if (closed) throw new Error("database closed");
        await pglite.query("select 1");
      },
      async close() {
        if (closed) return;
        closed = true;
        try {
          await pglite.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.engine === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the engine-specific type
    await migratePglite(handle.db as any, { migrationsFolder });
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the engine-specific type
    await migrateNodePg(handle.db as any, { migrationsFolder });
  }
}

export function databaseLocationFromConfig(config: {
  DATABASE_URL?: string;
  DB_POOL_MAX?: number;
  dataDir: string;
}): DatabaseLocation {
  return config.DATABASE_URL
    ? { kind: "postgres", url: config.DATABASE_URL, poolMax: config.DB_POOL_MAX }
    : { kind: "pglite", dataDir: config.dataDir };
}

/**
 * One plain connection for statements a pool must not run (CREATE and DROP DATABASE, which refuse
 * a transaction block and must not leave a pooled session behind), closed when `work` ends.
 */
export async function withConnection<T>(
  connectionString: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
