import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Pre-rendering (react-router.config.ts) requests each page from a preview server that imports
 * the server bundle on the first request, within a 10-second request timeout that cannot be
 * configured. On a busy machine that import alone took 13 s and failed the build, so the
 * preview server imports the bundle before it starts answering.
 */
function warmServerBuildForPrerender(): Plugin {
  return {
    name: "referoh:warm-server-build",
    async configurePreviewServer() {
      const entry = path.resolve(import.meta.dirname, "build/server/index.js");
      if (fs.existsSync(entry)) await import(pathToFileURL(entry).href);
    },
  };
}

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // The server bundle is our Express app (server/app.ts) with every route inside it.
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  server: { watch: { ignored: ["**/data/**", "**/test-results/**"] } },
  plugins: [tailwindcss(), reactRouter(), warmServerBuildForPrerender()],
});
