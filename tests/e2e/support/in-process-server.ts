import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { installDataKeyring } from "../../../app/db/encryption/keyring.ts";
import { resolveDataKeyring } from "../../../app/services/encryption/data-keyring.server.ts";
import {
  importServerBundle,
  productionConfig,
  stopServedBundle,
} from "../../support/server-bundle.ts";
import { createTestClock, type TestClock } from "../../support/test-clock.ts";

/**
 * The production build running inside the test worker, on its own port and data directory.
 * Specs whose cases are made through the domain's test factories need the database, which the
 * shared test server's process holds (PGlite allows one process per database), so they serve the
 * same build from the worker that seeds it.
 */
export interface InProcessServer {
  origin: string;
  /** Where the server keeps its database and its outbox of e-mails. */
  dataDir: string;
  // biome-ignore lint/suspicious/noExplicitAny: the built bundle has no type declarations
  bundle: any;
  // biome-ignore lint/suspicious/noExplicitAny: the built bundle has no type declarations
  runtime: any;
  /** The server's clock: a spec moves it on rather than waiting for a time to come. */
  clock: TestClock;
  stop(): Promise<void>;
}

/** Where the run keeps its migrated database (playwright.config.ts names the run's directory). */
function databaseTemplateDir() {
  return path.join(process.env.E2E_RUN_DIR ?? os.tmpdir(), "database-template");
}

/** Written last, so a half-made template is never copied. */
const templateReady = ".ready";

/**
 * Migrates a database once for the whole run (tests/e2e/support/global-setup.ts), with the
 * production build's own start-up: its data key, secret and questionnaire definitions included,
 * unless the seed step has made it already (databaseTemplateFrom). Every in-process server starts
 * from a copy, as a restarted server would.
 */
export async function prepareDatabaseTemplate() {
  if (fs.existsSync(path.join(databaseTemplateDir(), templateReady))) return;
  const dataDir = databaseTemplateDir();
  fs.mkdirSync(dataDir, { recursive: true });
  const bundle = await importServerBundle();
  const runtime = await bundle.startRuntime(productionConfig(bundle, { port: 0, dataDir }));
  await runtime.shutdown();
  fs.writeFileSync(path.join(dataDir, templateReady), "");
}

/**
 * The template from a data directory the production build has just migrated and closed: the seed
 * step (tests/e2e/support/seed-accounts.ts) migrates the shared server's database before the
 * global set-up runs, so the run migrates one database, not two.
 */
export function databaseTemplateFrom(migratedDataDir: string) {
  const dataDir = databaseTemplateDir();
  fs.cpSync(migratedDataDir, dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, templateReady), "");
}

/**
 * A new data directory (named from `prefix`) holding a copy of the run's migrated database, as a
 * restarted server finds its own: a copy opens in half a second, where a fresh directory costs an
 * initdb and every migration (five seconds, and far longer on a loaded 2-core machine). Empty
 * when the run has no template (a spec run without the global set-up).
 */
export function migratedDataDir(prefix: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = databaseTemplateDir();
  if (fs.existsSync(path.join(template, templateReady)))
    fs.cpSync(template, dataDir, {
      recursive: true,
      filter: (source) => path.basename(source) !== templateReady,
    });
  return dataDir;
}

export async function startInProcessServer({
  name,
  port,
  settings = {},
  signalling = false,
}: {
  /** Names the data directory, so a left-over one says which spec made it. */
  name: string;
  port: number;
  /** Settings on top of a production server with demo payments (README). */
  settings?: Record<string, string>;
  /** Also serve the consultation room's signalling WebSocket. */
  signalling?: boolean;
}): Promise<InProcessServer> {
  const origin = `http://localhost:${port}`;
  const dataDir = migratedDataDir(`referoh-${name}-e2e-`);
  const bundle = await importServerBundle();
  const config = productionConfig(bundle, { port, dataDir, settings });
  const clock = createTestClock();
  const runtime = await bundle.startRuntime(config, { clock: clock.now });
  // The factories are the spec's own copy of the domain code, not the bundle's: they seal health
  // columns with the same keyring the server generated in its data directory.
  installDataKeyring(resolveDataKeyring(config).keyring);
  const server = http.createServer(
    bundle.createApp(runtime, { clientDir: path.resolve("build/client") }),
  );
  if (signalling) bundle.attachConsultationSignalling(server, runtime);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    origin,
    dataDir,
    bundle,
    runtime,
    clock,
    stop: () => stopServedBundle(server, runtime, dataDir),
  };
}
