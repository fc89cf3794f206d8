import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Separate from vite.config.ts: the React Router plugin is for the app build, not for tests.
export default defineConfig({
  resolve: {
    alias: {
      "~tests": path.resolve(import.meta.dirname, "tests"),
      "~": path.resolve(import.meta.dirname, "app"),
    },
  },
  test: {
    // One worker per core. Vitest's default in a run is one fewer than the cores, which on this
    // 2-core machine left the integration files (each on a PGlite database of its own, CPU-bound)
    // running one at a time: 102 s alone, 72 s on two workers.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts", "node_modules/**"],
          // Unit tests are pure functions without mocks or global state: one module graph per
          // worker thread instead of a fresh one per file saves re-importing zod, drizzle's schema
          // and React for every file.
          pool: "threads",
          isolate: false,
          // The first test of a worker that reads the disclosure detector's word lists pays for
          // loading them (about 2 s, over 5 s on this 2-core machine under a parallel build).
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["app/**/*.integration.test.ts", "server/**/*.integration.test.ts"],
          // Migrated once into a template; each file then gets its own copy of it. Files share a
          // module graph per worker (each still opens its own database): re-importing PGlite,
          // drizzle and the PDF renderer for every file cost more than the tests themselves.
          isolate: false,
          globalSetup: ["tests/vitest-global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        // The tests' own copies of the domain (the factories) render PDFs too: with React's
        // production build loaded (below), JSX must compile to its production runtime.
        oxc: { jsx: { development: false } },
        test: {
          name: "server",
          // Whole-server tests without a browser: many HTTP requests to the production build served
          // inside the worker (tests/support/built-server.ts), each on its own test database.
          include: ["tests/server/**/*.test.ts"],
          // The bundle is imported once per worker, not once per file: each file still starts its
          // own runtime on its own database (startBuiltServer hands the bundle its settings), and
          // re-importing its two thousand modules cost 34 of the project's 124 core-seconds.
          isolate: false,
          globalSetup: ["tests/server/global-setup.ts"],
          // React, loaded by the bundle from node_modules, picks its build from NODE_ENV: the
          // production one, as the deployed server runs, not its development checks (several
          // times slower to render).
          env: { NODE_ENV: "production" },
          // The bundle is loaded by Node as it is, not transformed again by Vite.
          server: { deps: { external: [/\/build\/server\//] } },
          // Starting the bundle and seeding a whole matrix of cases has taken minutes on a loaded
          // 2-core machine.
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
