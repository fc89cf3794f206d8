import type { Config } from "~/config.server.ts";
import {
  type DatabaseHandle,
  databaseLocationFromConfig,
  migrateDatabase,
  openDatabase,
} from "~/db/client.server.ts";
import { migrateAsOwner } from "~/db/database-roles.server.ts";
import { installDataKeyring } from "~/db/encryption/keyring.ts";
import { resealEncryptedColumns } from "~/db/encryption/reseal.server.ts";
import { syncQuestionnaireDefinitions } from "~/domain/assessments/sync-questionnaire-definitions.server.ts";
import { type Auth, createAuth } from "./auth/auth.server.ts";
import { resolveAuthSecret } from "./auth/secret.server.ts";
import { resolveDataKeyring } from "./encryption/data-keyring.server.ts";
import { registerJobHandlers } from "./jobs/handlers.server.ts";
import { createJobQueue, type JobQueue } from "./jobs/queue.server.ts";
import { createLogger, type Logger } from "./logger.server.ts";
import { createMailer, type Mailer } from "./mail/mailer.server.ts";
import { createPaymentProvider, type PaymentProvider } from "./payments/index.server.ts";

/** The periodic sweeps (app/services/jobs/handlers.server.ts) also run once at start-up. */
const startupSweeps = ["assessment-follow-up", "referral-follow-up"] as const;

/** Everything a request or a job needs from the outside world, created once per process. */
export interface Runtime {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  mailer: Mailer;
  jobs: JobQueue;
  payments: PaymentProvider;
  /** better-auth, on this database; our route actions call `auth.api.*` (its HTTP handler is not mounted). */
  auth: Auth;
  /** Stops the job worker, then closes the database. Safe to call twice. */
  shutdown(): Promise<void>;
}

export async function startRuntime(
  config: Config,
  /** Tests pass a database they made, migrated; the runtime then owns and closes it. */
  options: { database?: DatabaseHandle } = {},
): Promise<Runtime> {
  const logger = createLogger(config.LOG_LEVEL);
  // Before the database opens: a production server without its secret refuses to start.
  const authSecret = resolveAuthSecret(config);
  // Likewise the data keyring: health columns seal and open through it from here on.
  const { keyring } = resolveDataKeyring(config);
  installDataKeyring(keyring);
  // With an owner role of its own, migrations (and the app role's grants) go through it, and the
  // app's connections never own a table (docs/decisions/0010-hardening-at-the-edge.md).
  const migrationUrl = config.DATABASE_URL ? config.DATABASE_MIGRATION_URL : undefined;
  if (migrationUrl && !options.database) await migrateAsOwner(migrationUrl, config.DATABASE_URL!);
  const database = options.database ?? (await openDatabase(databaseLocationFromConfig(config)));
  try {
    // A database handed in arrives migrated (createTestDatabase migrates its template as the
    // owner would); its connection may be a restricted app role's, which may not migrate.
    if (!migrationUrl && !options.database) await migrateDatabase(database);
    // Rows written before encryption at rest (an older data directory) are sealed now.
    await resealEncryptedColumns(database.db, keyring, "plaintext");
    // Refuses to start when a published questionnaire file was edited in place.
    await syncQuestionnaireDefinitions(database.db);
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
  const auth = createAuth({ config, db: database.db, secret: authSecret, mailer, logger });
  const jobs = createJobQueue({
    pglite: database.pglite,
    connectionString: database.connectionString,
    logger,
  });
  const payments = createPaymentProvider(config);

  let stopping: Promise<void> | undefined;
  const runtime: Runtime = {
    config,
    logger,
    database,
    mailer,
    jobs,
    payments,
    auth,
    shutdown() {
      stopping ??= (async () => {
        try {
          await jobs.stop();
        } finally {
          await database.close();
        }
      })();
      return stopping;
    },
  };
  registerJobHandlers(runtime);
  if (config.JOBS === "on") {
    await jobs.start();
    // Work a crash dropped between a commit and its queueing (before jobs were queued in the
    // same transaction): drafts, safety alerts and invitations are looked for at once, not at
    // the sweeps' next slot. One process of a cluster is enough.
    if ((process.env.REFEROH_WORKER_INDEX ?? "0") === "0") {
      for (const sweep of startupSweeps) await jobs.send(sweep, {});
    }
  }
  return runtime;
}
