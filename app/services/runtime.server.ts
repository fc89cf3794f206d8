import type { Config } from "~/config.server.ts";
import {
  type DatabaseHandle,
  databaseLocationFromConfig,
  migrateDatabase,
  openDatabase,
} from "~/db/client.server.ts";
import { migrateAsOwner } from "~/db/database-roles.server.ts";
import { adoptChosenDataKey, followChosenDataKey } from "~/db/encryption/data-key-choice.server.ts";
import { installDataKeyring } from "~/db/encryption/keyring.ts";
import { resealEncryptedColumns } from "~/db/encryption/reseal.server.ts";
import { followSessionChanges } from "~/db/session-changes.server.ts";
import type { AuthAccountRules } from "~/domain/accounts/auth-rules.server.ts";
import type { CachedSession } from "~/domain/accounts/load-session.server.ts";
import type { Adapters } from "~/domain/kernel/adapters.ts";
import type { JobName } from "~/jobs/registry.server.ts";
import { type Auth, createAuth } from "./auth/auth.server.ts";
import { resolveAuthSecret } from "./auth/secret.server.ts";
import { SessionCache } from "./auth/session-cache.server.ts";
import { createDatabaseOutage, type DatabaseOutage } from "./database-outage.server.ts";
import { resolveDataKeyring } from "./encryption/data-keyring.server.ts";
import { createFileScanner } from "./files/scanners.server.ts";
import { createJobQueue, type JobQueue } from "./jobs/queue.server.ts";
import { createLogger, type Logger } from "./logger.server.ts";
import { createMailer, type Mailer } from "./mail/mailer.server.ts";
import { createPaymentProvider, type PaymentProvider } from "./payments/index.server.ts";
import { createWebhookSender } from "./webhooks/webhook-sender.server.ts";

/**
 * What the product plugs into its adapters: the runtime holds no use case of its own
 * (docs/architecture.md §3). The product's wiring is in app/runtime.server.ts.
 */
export interface RuntimeWiring {
  /**
   * Domain checks and data moves on the migrated database before the first request
   * (questionnaire files, the doctor's older questions into the case conversation).
   */
  prepareDatabase(db: DatabaseHandle["db"], logger: Logger): Promise<void>;
  /** The account rules better-auth enforces. */
  authRules: AuthAccountRules;
  /** Declares every background job on the queue (app/jobs/registry.server.ts). */
  registerJobs(runtime: Runtime): void;
  /** Jobs queued once at start-up as well as on their schedule: sweeps for work a crash dropped. */
  startupJobs: readonly JobName[];
}

/** Everything a request or a job needs from the outside world, created once per process. */
export interface Runtime {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  mailer: Mailer;
  jobs: JobQueue;
  payments: PaymentProvider;
  /**
   * The mailer, queue and payment provider above, as every scope carries them
   * (docs/architecture.md §3b): domain functions act through `scope.adapters`.
   */
  adapters: Adapters;
  /** better-auth, on this database; our route actions call `auth.api.*` (its HTTP handler is not mounted). */
  auth: Auth;
  /**
   * Session lookups of the last few seconds, dropped on every change the database announces
   * (docs/decisions/0013-session-cache.md).
   */
  sessionCache: SessionCache<CachedSession>;
  /** Logs a lost database once, and its return, instead of every failure between. */
  databaseOutage: DatabaseOutage;
  /**
   * Work to finish first when the runtime shuts down, while the database is still open (the room
   * host taking its members out of their rooms).
   */
  beforeShutdown(task: () => Promise<void>): void;
  /** Runs the tasks given to beforeShutdown, stops the job worker, then closes the database. Safe to call twice. */
  shutdown(): Promise<void>;
}

/**
 * The adapters a scope carries (docs/architecture.md §3b), from the services that implement them:
 * only the parts of each a use case may call, the public address from the configuration, and the
 * clock (the system's, unless a test handed the runtime one it can move).
 */
function runtimeAdapters(
  runtime: Pick<Runtime, "config" | "mailer" | "jobs" | "payments">,
  clock: () => Date,
): Adapters {
  const { config } = runtime;
  return {
    mailer: runtime.mailer,
    jobs: runtime.jobs,
    payments: runtime.payments,
    fileScanner: {
      ...createFileScanner(config),
      name: config.CLAMD_SOCKET || config.CLAMD_HOST ? "active-content+clamd" : "active-content",
    },
    // Local receivers (http, loopback) only where the product itself runs on plain http.
    webhooks: createWebhookSender({
      localReceivers: new URL(config.PUBLIC_URL).protocol === "http:",
    }),
    publicUrl: runtime.config.PUBLIC_URL,
    clock,
  };
}

/** Real time: what every server started from the environment runs on. */
const systemClock = () => new Date();

/** What a test may hand the runtime; nothing in the configuration can set either. */
export interface RuntimeOptions {
  /** A database the test made, migrated; the runtime then owns and closes it. */
  database?: DatabaseHandle;
  /**
   * A clock the test can move (tests/support/test-clock.ts), so a test reaches a later time
   * (the next authenticator step, an expiry) without waiting for it (docs/architecture.md §5,
   * "The test clock"). It is an argument of this function only, never a setting: a server started
   * from the environment (server/main.ts, `npm start`) cannot run on anything but the system
   * clock.
   */
  clock?: () => Date;
}

/**
 * How long a session lookup is reused. Changes are dropped as they are announced; the time limit
 * only bounds how long a copy could outlive a change whose announcement was lost.
 */
const SESSION_CACHE_TTL_MS = 30_000;
/** About 1 KB each: at most about 10 MB, whatever the number of people signed in. */
const SESSION_CACHE_MAX_ENTRIES = 10_000;

export async function createRuntime(
  config: Config,
  wiring: RuntimeWiring,
  options: RuntimeOptions = {},
): Promise<Runtime> {
  const logger = createLogger(config.LOG_LEVEL);
  // Before the database opens: a production server without its secret refuses to start.
  const authSecret = resolveAuthSecret(config);
  // Likewise the data keys: health columns open through them from here on, and seal under the
  // key the database names once it is open (app/db/encryption/data-key-choice.server.ts).
  const { keyring: heldKeys } = resolveDataKeyring(config);
  installDataKeyring(heldKeys);
  // With an owner role of its own, migrations (and the app role's grants) go through it, and the
  // app's connections never own a table (docs/decisions/0010-hardening-at-the-edge.md).
  const migrationUrl = config.DATABASE_URL ? config.DATABASE_MIGRATION_URL : undefined;
  if (migrationUrl && !options.database) await migrateAsOwner(migrationUrl, config.DATABASE_URL!);
  const database = options.database ?? (await openDatabase(databaseLocationFromConfig(config)));
  let keyring = heldKeys;
  try {
    // A database handed in arrives migrated (createTestDatabase migrates its template as the
    // owner would); its connection may be a restricted app role's, which may not migrate.
    if (!migrationUrl && !options.database) await migrateDatabase(database);
    // Every host seals under the one key the database names; a host without it refuses to
    // start, since it could not open what the others write.
    keyring = await adoptChosenDataKey(database.db, heldKeys);
    installDataKeyring(keyring);
    // Rows written before encryption at rest (an older data directory) are sealed now.
    await resealEncryptedColumns(database.db, keyring, "plaintext");
    // Refuses to start when a published questionnaire file was edited in place; moves older rows.
    await wiring.prepareDatabase(database.db, logger);
    // The first queries on a fresh PGlite are slow; pay that before the first visitor does.
    await database.ping();
  } catch (error) {
    await database.close();
    throw error;
  }
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    dataDir: config.dataDir,
    logger,
  });
  const auth = createAuth({
    config,
    db: database.db,
    secret: authSecret,
    mailer,
    logger,
    rules: wiring.authRules,
  });
  const databaseOutage = createDatabaseOutage({ logger, ping: () => database.ping() });
  const jobs = createJobQueue({
    pglite: database.pglite,
    connectionString: database.connectionString,
    logger,
    onUnavailable: (error) => databaseOutage.noteUnavailable(error),
  });
  const payments = createPaymentProvider(config);
  const sessionCache = new SessionCache<CachedSession>({
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: SESSION_CACHE_MAX_ENTRIES,
  });
  let stopping: Promise<void> | undefined;
  let shuttingDown = false;
  let listened = false;
  let listening = false;
  const sessionChanges = await followSessionChanges(database, {
    onChange: (change) => sessionCache.apply(change),
    onListening(now) {
      sessionCache.setListening(now);
      // A lost listener is worth knowing about, once: until it is back, every request reads its
      // session from the database (docs/decisions/0013-session-cache.md).
      if (now && !listening && listened)
        logger.info("session changes: listening again; session cache on");
      if (!now && listening && !shuttingDown)
        logger.warn("session changes: connection lost; session cache off until it is back");
      if (now) listened = true;
      listening = now;
    },
  });
  const shutdownTasks: (() => Promise<void>)[] = [];
  // `keys:rotate` on any host changes the key every process seals under (docs/deployment.md).
  const dataKeyChoice = followChosenDataKey(database.db, keyring, {
    install(chosen) {
      installDataKeyring(chosen);
      logger.info({ keyId: chosen.currentKeyId }, "data keys: sealing under the newly chosen key");
    },
    onNotHeld: (error) => logger.error(error.message),
  });
  const runtime: Runtime = {
    config,
    logger,
    database,
    mailer,
    jobs,
    payments,
    adapters: runtimeAdapters({ config, mailer, jobs, payments }, options.clock ?? systemClock),
    auth,
    sessionCache,
    databaseOutage,
    beforeShutdown(task) {
      shutdownTasks.push(task);
    },
    shutdown() {
      shuttingDown = true;
      databaseOutage.stop();
      stopping ??= (async () => {
        try {
          dataKeyChoice.stop();
          for (const task of shutdownTasks)
            await task().catch((error) => logger.error({ err: error }, "shutdown task failed"));
          await sessionChanges.stop();
          await jobs.stop();
        } finally {
          await database.close();
        }
      })();
      return stopping;
    },
  };
  wiring.registerJobs(runtime);
  if (config.JOBS === "on") {
    await jobs.start();
    // Work a crash dropped between a commit and its queueing (before jobs were queued in the
    // same transaction): drafts, safety alerts and invitations are looked for at once, not at
    // the sweeps' next slot. One process of a cluster is enough.
    if ((process.env.REFEROH_WORKER_INDEX ?? "0") === "0") {
      for (const sweep of wiring.startupJobs) await jobs.send(sweep, {});
    }
  }
  return runtime;
}
