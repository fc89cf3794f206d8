import cluster from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { runCluster } from "./cluster.ts";
import { serve } from "./serve.ts";

// WEB_CONCURRENCY > 1: this process supervises that many copies of itself (server/cluster.ts).
// The workers validate the whole configuration; a value that is not a number lands there too.
const processes = Number.parseInt(process.env.WEB_CONCURRENCY ?? "1", 10);
if (cluster.isPrimary && processes > 1) {
  await runCluster({
    processes,
    publicUrl: process.env.PUBLIC_URL,
    log: (message) => console.log(message),
  });
} else {
  await serveThisProcess();
}

async function serveThisProcess() {
  // The production entry: the server bundle (server/app.ts plus every route) built by `npm run build`.
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const bundle = await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href);
  // In a cluster, the first process prints the set-up link and the primary says where it runs.
  const first = (process.env.REFEROH_WORKER_INDEX ?? "0") === "0";

  let config: { PORT: number; HOST: string; PUBLIC_URL: string };
  let runtime: { shutdown(): Promise<void>; logger: { info(msg: string): void } };
  try {
    config = bundle.loadConfig();
    runtime = await bundle.startRuntime(config);
  } catch (error) {
    const err = error as Error;
    // A bad setting, or a second process on the same embedded database, gets one clear line,
    // not a stack trace.
    const code = (err as { code?: string }).code;
    const known =
      code === "DATA_DIR_LOCKED" ||
      code === "AUTH_SECRET_MISSING" ||
      code === "DATA_KEY_MISSING" ||
      err.message.startsWith("Invalid configuration");
    console.error(known ? err.message : err);
    process.exit(1);
  }
  // While no administrator exists, a one-time link to create the first one (there are no default accounts).
  if (first) {
    const { setupLink } = await bundle.prepareAccounts(runtime);
    if (setupLink) console.log(bundle.setupLinkMessage(setupLink));
  }
  const app = bundle.createApp(runtime, { clientDir: path.join(buildDir, "client") });
  await serve({
    app,
    port: config.PORT,
    host: config.HOST,
    publicUrl: config.PUBLIC_URL,
    shutdown: () => runtime.shutdown(),
    log: (message) => console.log(message),
    announce: cluster.isPrimary,
    attach: (server) => bundle.attachConsultationSignalling(server, runtime),
  });
}
