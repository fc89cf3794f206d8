import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureTestTools } from "./ensure-test-tools.ts";
import { ensureBuild } from "./lib/build.ts";

// `npm test`: every check in order, stopping at the first that fails, then one plain closing line.
const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);
// Not test-results/: Playwright empties that folder when it starts.
const results = path.join(root, ".reports");
fs.mkdirSync(results, { recursive: true });

function step(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${title} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds}s)`);
}

ensureTestTools();
step("Lint and format (Biome)", bin("biome"), ["check", "."]);
step("Route types", bin("react-router"), ["typegen"]);
step("Type check", bin("tsc"), ["--noEmit"]);
// Every exported symbol and every file is used by something (docs/architecture.md §3b).
step("Unused files and exports (knip)", bin("knip"), ["--no-progress"]);
// Before Vitest: its server project runs the production build in-process (tests/server/).
console.log("\n▶ Production build");
await ensureBuild();
// Unit and integration tests never see a server database unless DATABASE_URL says so.
step("Unit, integration and server tests (Vitest)", bin("vitest"), [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${path.join(results, "vitest.json")}`,
]);
step("Browser tests (Playwright, Debian Chromium)", bin("playwright"), ["test"], {
  // The browser tests run their own server on a temporary embedded database.
  DATABASE_URL: "",
});

const vitest = JSON.parse(fs.readFileSync(path.join(results, "vitest.json"), "utf8"));
const e2e = JSON.parse(fs.readFileSync(path.join(results, "e2e.json"), "utf8"));
const passed = vitest.numPassedTests + e2e.stats.expected + e2e.stats.flaky;
const failed = vitest.numFailedTests + e2e.stats.unexpected;
const skipped = vitest.numPendingTests + vitest.numTodoTests + e2e.stats.skipped;
console.log(
  `\nunit, integration and server: ${vitest.numPassedTests} passed; browser: ${e2e.stats.expected} passed`,
);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (passed === 0 || failed > 0) process.exit(1);
