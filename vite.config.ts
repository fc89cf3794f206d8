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

const shellModules = [
  "/app/components/site-header.tsx",
  "/app/components/site-navigation.ts",
  "/app/components/wordmark.tsx",
  "/app/components/ui/button.tsx",
  "/app/components/ui/focus-ring.ts",
  "/app/lib/cn.ts",
  "/node_modules/clsx/",
  "/node_modules/class-variance-authority/",
  "/node_modules/lucide-react/dist/esm/createLucideIcon",
  "/node_modules/lucide-react/dist/esm/Icon",
  "/node_modules/lucide-react/dist/esm/defaultAttributes",
  "/node_modules/lucide-react/dist/esm/shared/",
  "/node_modules/lucide-react/dist/esm/context",
  ...["arrow-left", "chevron-down", "coins", "house", "home", "log-out", "menu", "x"].map(
    (icon) => `/node_modules/lucide-react/dist/esm/icons/${icon}.mjs`,
  ),
];
const shellModule = (id: string) => shellModules.some((part) => id.includes(part));

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // The server bundle is our Express app (server/app.ts) with every route inside it.
  environments: {
    ssr: {
      build: { rollupOptions: { input: "./server/app.ts" } },
      resolve: {
        // Bundled, so only the icons, components and date functions in use are in the server
        // bundle. Left external, each was imported whole at start-up through its index: all of
        // lucide's icons, every Radix package and every date-fns function, about 4 s of a
        // restart on this machine. The rest of the list are the largest file counts left at
        // start-up (docs/perf-notes-startup.md): each module Node loads is a resolve, a read, a
        // parse and a link, and these pure-JavaScript packages cost the same bundled.
        noExternal: [
          "lucide-react",
          "radix-ui",
          /^@radix-ui\//,
          "date-fns",
          "@date-fns/tz",
          "drizzle-orm",
          "libphonenumber-js",
          "react-day-picker",
          "zod",
          "jose",
          /^@conform-to\//,
        ],
      },
    },
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  // The site header and what it is made of (with their dependencies, React and
                  // React Router come along): on every page, public or signed in. Left to
                  // automatic splitting they were a dozen sub-kilobyte chunks, each one more
                  // request competing for the first round trips on a slow connection.
                  name: "shell",
                  test: shellModule,
                  priority: 10,
                },
              ],
            },
          },
        },
      },
    },
  },
  server: { watch: { ignored: ["**/data/**", "**/test-results/**"] } },
  plugins: [tailwindcss(), reactRouter(), warmServerBuildForPrerender()],
});
