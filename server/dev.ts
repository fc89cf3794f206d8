import express from "express";
import { createServer } from "vite";
import { serve } from "./serve.ts";

// Development: Vite serves assets with hot reload and loads server/app.ts through its module runner.
process.env.NODE_ENV ??= "development";
const vite = await createServer({ server: { middlewareMode: true } });
const bundle = await vite.ssrLoadModule("./server/app.ts");
const config = bundle.loadConfig();
const runtime = await bundle.startRuntime(config);
const { setupLink } = await bundle.prepareAccounts(runtime);
if (setupLink) console.log(bundle.setupLinkMessage(setupLink));
const app = express();
app.use(vite.middlewares);
app.use(bundle.createApp(runtime, { relaxedCsp: true }));
await serve({
  app,
  port: config.PORT,
  host: config.HOST,
  publicUrl: config.PUBLIC_URL,
  shutdown: async () => {
    await vite.close();
    await runtime.shutdown();
  },
  log: (message) => console.log(message),
  attach: (server) => bundle.attachConsultationSignalling(server, runtime),
});
