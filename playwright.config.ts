import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./scripts/ensure-test-tools.ts";

// One production server on a throwaway PGlite directory for the whole run. Workers re-read this
// file, so the directory is chosen once and handed down through the environment.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "referoh-e2e-"));
// What the workers share besides the server: the migrated database template the in-process
// servers copy (tests/e2e/support/global-setup.ts) and the accessibility scan's claims.
process.env.E2E_RUN_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "referoh-e2e-run-"));
const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Three on two cores: a journey leaves its core idle while its page, its server or an e-mail
  // works, and two workers left an eighth of the machine idle (docs/perf-notes-test-suite.md).
  workers: 3,
  // Journeys walk a case through several roles' pages (they begin signed in: seed-accounts.ts).
  timeout: 90_000,
  // A navigation on a loaded 2-core machine (CI shares it with the build) has taken over 5 s; a
  // longer wait costs a passing test nothing.
  expect: { timeout: 10_000 },
  // scripts/test.ts reads the JSON report for its closing line.
  reporter: [["list"], ["json", { outputFile: ".reports/e2e.json" }]],
  use: {
    baseURL,
    // No trace: recording one for every test cost a fifth of the run's CPU (the screencast most of
    // it) on a machine the suite keeps busy. A failure keeps its screenshot and the page's ARIA
    // snapshot (error-context.md); `--trace on` records one when a failure needs more.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testIgnore: "**/no-js/**",
    },
    // The main journeys with scripts off (docs/architecture.md §1): every task works without them.
    {
      name: "no-javascript",
      use: { ...devices["Desktop Chrome"], channel: undefined, javaScriptEnabled: false },
      testMatch: "**/no-js/**/*.spec.ts",
    },
  ],
  webServer: {
    // Accounts signed in before the server opens the database, for journeys that begin signed in
    // (tests/e2e/support/seed-accounts.ts): a step of the test run, not part of the server.
    command: "node_modules/.bin/tsx tests/e2e/support/seed-accounts.ts && node server/main.ts",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // A fresh embedded database initialises and migrates first: over a minute on a busy 2-core box.
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      ALLOW_DEMO_PAYMENTS: "true",
      // A production server issues VAT invoices only with the seller's legal details (README).
      SELLER_NAME: "ReferOH Ltd",
      SELLER_ADDRESS: "1 Example Street, London EC1A 1AA",
      SELLER_COMPANY_NUMBER: "12345678",
      SELLER_VAT_NUMBER: "GB123456789",
      // Journeys register many companies in one run; each registration says it comes from a
      // client of its own through X-Forwarded-For (tests/e2e/auth/helpers.ts), which the server
      // believes only from loopback, as it would behind a local reverse proxy.
      TRUST_PROXY: "loopback",
    },
  },
});
