import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "./serve.ts";

// The production entry: the server bundle (server/app.ts plus every route) built by `npm run build`.
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const bundle = await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href);

const config = bundle.loadConfig();
let runtime: { shutdown(): Promise<void>; logger: { info(msg: string): void } };
try {
  runtime = await bundle.startRuntime(config);
} catch (error) {
  const err = error as Error;
  // A second process on the same embedded database gets one clear line, not a stack trace.
  const code = (err as { code?: string }).code;
  console.error(code === "DATA_DIR_LOCKED" || code === "AUTH_SECRET_MISSING" ? err.message : err);
  process.exit(1);
}
// While no administrator exists, a one-time link to create the first one (there are no default accounts).
const { setupLink } = await bundle.prepareAccounts(runtime);
if (setupLink) console.log(bundle.setupLinkMessage(setupLink));
const app = bundle.createApp(runtime, { clientDir: path.join(buildDir, "client") });
await serve({
  app,
  port: config.PORT,
  host: config.HOST,
  publicUrl: config.PUBLIC_URL,
  shutdown: () => runtime.shutdown(),
  log: (message) => console.log(message),
  attach: (server) => bundle.attachConsultationSignalling(server, runtime),
});
