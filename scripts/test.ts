import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureTestTools } from "./ensure-test-tools.ts";

// `npm test`: every check, then one plain closing line. Checks that do not depend on each other
// run at the same time: each is idle much of its time (a browser test waits on its pages, a
// Vitest worker on its child servers), and one at a time left the 2-core machine half idle for
// most of the run (docs/perf-notes-test-suite.md).
const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);
// Not test-results/: Playwright empties that folder when it starts.
const results = path.join(root, ".reports");
fs.mkdirSync(results, { recursive: true });

interface Step {
  title: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

/**
 * Runs one step; its output is printed line by line as it comes, each line marked with the
 * step's tag when other steps print at the same time.
 */
function run({ title, command, args, env = {} }: Step, tag: string | null) {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const child = spawn(command, args, {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  for (const stream of [child.stdout, child.stderr]) {
    let pending = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) console.log(tag ? `${tag} ${line}` : line);
    });
    stream.on("end", () => {
      if (pending) console.log(tag ? `${tag} ${pending}` : pending);
    });
  }
  return new Promise<{ title: string; ok: boolean }>((resolve) => {
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) console.log(`✔ ${title} (${seconds}s)`);
      else console.error(`✖ ${title} failed after ${seconds}s`);
      resolve({ title, ok: code === 0 });
    });
  });
}

/** Stops the run if any step failed, naming each that did. */
function stopOnFailure(outcomes: { title: string; ok: boolean }[]) {
  const failed = outcomes.filter((outcome) => !outcome.ok);
  if (failed.length === 0) return;
  console.error(`\nFailed: ${failed.map((outcome) => outcome.title).join("; ")}`);
  process.exit(1);
}

ensureTestTools();
stopOnFailure([
  await run(
    { title: "Lint and format (Biome)", command: bin("biome"), args: ["check", "."] },
    null,
  ),
]);
stopOnFailure([
  await run({ title: "Route types", command: bin("react-router"), args: ["typegen"] }, null),
]);
// The type check and knip only read the sources, so they run beside everything after them; the
// tests wait for the build alone, which they serve. With the build already current the tests
// start at once instead of after the type check's half minute, when one core was idle.
// The type check keeps what it learnt of the unchanged files for the next run
// (node_modules/.cache): TypeScript's own incremental mode, which still reports every error, of
// changed and unchanged files alike. With nothing changed since the last run it took 7
// core-seconds instead of 26, after a one-file edit 11. A first run (a fresh clone) pays it all,
// and writes its record (4 more). knip runs without its cache: a cache kept from before a route
// was added to app/routes.ts reported the new route module's exports as unused, and the cache
// saved only 2 core-seconds.
const cache = path.join(root, "node_modules/.cache");
const checks = Promise.all([
  run(
    {
      title: "Type check",
      command: bin("tsc"),
      args: [
        "--noEmit",
        "--incremental",
        "--tsBuildInfoFile",
        path.join(cache, "tsc/test.tsbuildinfo"),
      ],
    },
    "[tsc]",
  ),
  // Every exported symbol and every file is used by something (docs/architecture.md §3b).
  run(
    {
      title: "Unused files and exports (knip)",
      command: bin("knip"),
      args: ["--no-progress"],
    },
    "[knip]",
  ),
]);
const build = await run(
  {
    title: "Production build",
    command: process.execPath,
    args: [path.join(root, "scripts/ensure-build.ts")],
  },
  "[build]",
);
if (!build.ok) stopOnFailure([...(await checks), build]);
// Both run the production build (the server tests and the browser tests' server); neither writes
// to what the other reads: Vitest's databases are its own, the browser tests' server has its own
// embedded database and ports (playwright.config.ts).
const tests = Promise.all([
  // Unit and integration tests never see a server database unless DATABASE_URL says so.
  run(
    {
      title: "Unit, integration and server tests (Vitest)",
      command: bin("vitest"),
      args: [
        "run",
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${path.join(results, "vitest.json")}`,
      ],
    },
    "[vitest]",
  ),
  run(
    {
      title: "Browser tests (Playwright, Debian Chromium)",
      command: bin("playwright"),
      args: ["test"],
      // The browser tests run their own server on a temporary embedded database.
      env: { DATABASE_URL: "" },
    },
    "[browser]",
  ),
]);
stopOnFailure([...(await checks), build, ...(await tests)]);

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
