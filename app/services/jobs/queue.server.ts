import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { fromDrizzle, fromPglite, PgBoss } from "pg-boss";
import type { Database } from "~/db/client.server.ts";
import { isDatabaseUnavailable } from "~/db/database-errors.ts";
import type { JobName, JobPayloads } from "~/jobs/registry.server.ts";
import type { Logger } from "../logger.server.ts";

/** A Drizzle transaction (or the database itself) the job's row is written through. */
export type JobTransaction = Pick<Database, "execute">;

export type JobHandler<T> = (data: T) => Promise<void>;

export interface JobQueue {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Queues the job `name` with the payload its schema accepts (`JobPayloads`). */
  send<N extends JobName>(
    name: N,
    data: JobPayloads[N],
    options?: {
      retryLimit?: number;
      retryDelay?: number;
      startAfter?: Date | number;
      /**
       * Queue the job in this transaction: it exists exactly when the change that causes it
       * commits, so a crash between the commit and the queueing can no longer lose it. The
       * queue must already exist (every queue with a handler is created at start): creating one
       * here would need a second connection, which on PGlite waits for this transaction.
       */
      tx?: JobTransaction;
    },
  ): Promise<string | null>;
  register<T extends object>(name: string, handler: JobHandler<T>): void;
  /** A recurring job (cron, Europe/London): every process may declare it; it runs once per slot. */
  schedule(name: string, cron: string): void;
  /** Takes a recurring job's schedule off the queue at start (a job that was retired or renamed). */
  unschedule(name: string): void;
}

/** pg-boss's default schema, made here only where it does not exist yet. */
async function ensureQueueSchema(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const found = await client.query("select to_regnamespace('pgboss') is not null as present");
    if (!found.rows[0]?.present) await client.query("CREATE SCHEMA IF NOT EXISTS pgboss");
  } finally {
    await client.end();
  }
}

/**
 * pg-boss on the product's own database: on PGlite through its built-in adapter on the same
 * instance (a second connection would break the single-process rule), on PostgreSQL through its pool.
 */
export function createJobQueue(options: {
  pglite?: PGlite;
  connectionString?: string;
  logger: Logger;
  /** A failure that was the database's absence. */
  onUnavailable?: (error: unknown) => void;
}): JobQueue {
  // On PostgreSQL pg-boss would run CREATE SCHEMA IF NOT EXISTS at every start, which needs the
  // right to create schemas even when its schema exists; the app's role has no such right
  // (app/db/database-roles.server.ts provisions the schema). It is created below only if missing,
  // for a database whose single role owns it.
  const boss = options.pglite
    ? new PgBoss({ db: fromPglite(options.pglite) })
    : new PgBoss({ connectionString: options.connectionString, max: 4, createSchema: false });
  // The worker polls every queue every few seconds: a lost database is the outage's one line
  // (app/services/database-outage.server.ts), not one line per poll.
  boss.on("error", (error: unknown) => {
    if (options.onUnavailable && isDatabaseUnavailable(error)) options.onUnavailable(error);
    else options.logger.error({ err: error }, "job queue error");
  });

  const handlers = new Map<string, JobHandler<object>>();
  const schedules = new Map<string, string>();
  const retired = new Set<string>();
  let started = false;

  async function attach(name: string, handler: JobHandler<object>) {
    await boss.createQueue(name);
    await boss.work<object>(name, async (jobs) => {
      for (const job of jobs) await handler(job.data);
    });
  }

  return {
    async start() {
      if (options.connectionString) await ensureQueueSchema(options.connectionString);
      await boss.start();
      started = true;
      for (const [name, handler] of handlers) await attach(name, handler);
      for (const [name, cron] of schedules) {
        await boss.createQueue(name);
        await boss.schedule(name, cron, {}, { tz: "Europe/London" });
      }
      for (const name of retired) await boss.unschedule(name);
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: 3000 });
    },
    async send(name, data, sendOptions = {}) {
      const { tx, ...rest } = sendOptions;
      const options = { retryLimit: 5, retryDelay: 60, retryBackoff: true, ...rest };
      if (tx) {
        // biome-ignore lint/suspicious/noExplicitAny: pg-boss's adapter takes drizzle's transaction loosely
        return boss.send(name, data, { ...options, db: fromDrizzle(tx as any, sql as any) });
      }
      await boss.createQueue(name);
      return boss.send(name, data, options);
    },
    schedule(name, cron) {
      schedules.set(name, cron);
    },
    unschedule(name) {
      retired.add(name);
    },
    register(name, handler) {
      handlers.set(name, handler as JobHandler<object>);
      if (started) void attach(name, handler as JobHandler<object>);
    },
  };
}
