import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { installDataKeyring } from "~/db/encryption/keyring.ts";
import { resolveDataKeyring } from "~/services/encryption/data-keyring.server.ts";
import type { Runtime } from "~/services/runtime.server.ts";
import { importServerBundle, productionConfig, stopServedBundle } from "./server-bundle.ts";
import { createTestClock, type TestClock } from "./test-clock.ts";
import { createTestDatabase } from "./test-database.ts";

/*
 * The production build (build/server/index.js, `npm run build`) served inside the test's own
 * process: the same Express app, edge checks, React Router handler and routes a deployed server
 * runs, on a database the test's factories can write to (PGlite allows one process per database).
 */

export interface BuiltServer {
  /** The address the server believes it has (PUBLIC_URL): requests carry it as Host and Origin. */
  origin: string;
  /** Where to connect: the loopback address, which TRUST_PROXY=loopback believes. */
  port: number;
  runtime: Runtime;
  /** The server's clock: a test moves it on rather than waiting for a time to come. */
  clock: TestClock;
  stop(): Promise<void>;
}

/**
 * The production build on a fresh test database (createTestDatabase: PGlite copied from the run's
 * migrated template, or a new database on the PostgreSQL server DATABASE_URL names), listening on
 * a free loopback port. The factories the test imports seal health columns with the keyring the
 * server made in its data directory.
 */
export async function startBuiltServer({
  settings = {},
}: {
  /** Settings on top of a production server with demo payments. */
  settings?: Record<string, string>;
} = {}): Promise<BuiltServer> {
  const bundle = await importServerBundle();
  const server = http.createServer();
  // The port first: PUBLIC_URL (the origin the edge and the forms check) names it.
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-built-server-"));
  const config = productionConfig(bundle, { port, dataDir, settings });
  const clock = createTestClock();
  const runtime: Runtime = await bundle.startRuntime(config, {
    database: await createTestDatabase(),
    clock: clock.now,
  });
  installDataKeyring(resolveDataKeyring(config).keyring);
  server.on("request", bundle.createApp(runtime, { clientDir: path.resolve("build/client") }));
  return {
    origin: `http://localhost:${port}`,
    port,
    runtime,
    clock,
    stop: () => stopServedBundle(server, runtime, dataDir),
  };
}
