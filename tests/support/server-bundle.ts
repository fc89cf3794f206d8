import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

/*
 * The production build (build/server/index.js, `npm run build`) and its configuration, for tests
 * that serve it in their own process: the browser tests' in-process servers
 * (tests/e2e/support/in-process-server.ts) and the server tests' (tests/support/built-server.ts).
 * Nothing here imports the app's modules, which the browser tests' loader could not all load.
 */

// biome-ignore lint/suspicious/noExplicitAny: the built bundle has no type declarations
type ServerBundle = any;

const bundleFile = path.resolve("build/server/index.js");

export function importServerBundle(): Promise<ServerBundle> {
  if (!fs.existsSync(bundleFile))
    throw new Error(`${bundleFile} is missing: run \`npm run build\` first`);
  return import(pathToFileURL(bundleFile).href);
}

/** A production server's configuration on `dataDir`, with demo payments (README). */
export function productionConfig(
  bundle: ServerBundle,
  {
    port,
    dataDir,
    settings = {},
  }: { port: number; dataDir: string; settings?: Record<string, string> },
) {
  return bundle.loadConfig({
    NODE_ENV: "production",
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ALLOW_DEMO_PAYMENTS: "true",
    ...settings,
  });
}

/**
 * Stops a build served in the test's process: open connections first (a keep-alive socket would
 * hold `close` open), then the runtime (jobs, database), then its data directory.
 */
export async function stopServedBundle(
  server: http.Server,
  runtime: { shutdown(): Promise<unknown> },
  dataDir: string,
): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await runtime.shutdown();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
