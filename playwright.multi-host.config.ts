import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./scripts/ensure-test-tools.ts";

/*
 * The browser spec of `npm run test:multi-host` (scripts/multi-host.ts), which starts the two
 * hosts and the balancer and hands their addresses down through the environment. Its own
 * configuration and directory, so `npm test` (playwright.config.ts, tests/e2e) never runs it
 * without the hosts it needs.
 */
const baseURL = process.env.MULTI_HOST_URL;
if (!baseURL)
  throw new Error("Run this through `npm run test:multi-host` (scripts/multi-host.ts).");

export default defineConfig({
  testDir: "tests/multi-host",
  forbidOnly: !!process.env.CI,
  retries: 0,
  // One browser walks one deployment: the tests stop a host, so they run in order.
  workers: 1,
  fullyParallel: false,
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  outputDir: ".reports/multi-host/test-results",
  use: {
    ...devices["Desktop Chrome"],
    channel: undefined,
    baseURL,
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        ...chromiumArgs,
        // Chromium's fake camera (a test pattern) and microphone (a tone), allowed without a prompt.
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
      ],
    },
  },
});
