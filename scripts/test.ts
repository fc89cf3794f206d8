import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureTestTools } from "./ensure-test-tools.ts";

// `npm test`: every check, then one plain closing line. Vitest runs on its own and the browser
// tests after it, with the read-only checks beside them; the order, and why the two test steps
// no longer run side by side, are below and in docs/perf-notes-test-suite.md.
const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);
// Not test-results/: Playwright empties that folder when it starts.
const results = path.join(root, ".reports");
fs.mkdirSync(results, { recursive: true });
// A report left by an earlier run must not be read as this run's failures.
for (const report of ["vitest.json", "e2e.json"])
  fs.rmSync(path.join(results, report), { force: true });

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

/** A report's JSON, or nothing when the step stopped before writing it. */
function readReport(name: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(path.join(results, name), "utf8"));
  } catch {
    return undefined;
  }
}

interface VitestReport {
  testResults?: {
    name: string;
    message?: string;
    assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
}
interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    line: number;
    tests: { status: string; results: { error?: { message?: string } }[] }[];
  }[];
}

/**
 * The failed tests by name with the first lines of their errors, printed last: the two test steps
 * print side by side for ten minutes, and a CI log that keeps only its tail must still say what
 * failed, not just which step.
 */
function printFailedTests() {
  const firstLines = (message = "") => message.split("\n").slice(0, 6).join("\n    ");
  const relative = (file: string) => path.relative(root, file);
  const vitest = readReport("vitest.json") as VitestReport | undefined;
  for (const file of vitest?.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    if (failed.length === 0 && file.message)
      console.error(`✖ ${relative(file.name)}\n    ${firstLines(file.message)}`);
    for (const test of failed)
      console.error(
        `✖ ${relative(file.name)} › ${test.fullName}\n    ${firstLines(test.failureMessages?.[0])}`,
      );
  }
  const e2e = readReport("e2e.json") as { suites?: PlaywrightSuite[] } | undefined;
  const walk = (suite: PlaywrightSuite, file: string | undefined) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === "unexpected")
          console.error(
            `✖ ${file}:${spec.line} › ${spec.title}\n    ${firstLines(test.results.at(-1)?.error?.message)}`,
          );
    for (const child of suite.suites ?? []) walk(child, file ?? child.file);
  };
  for (const suite of e2e?.suites ?? []) walk(suite, suite.file);
}

/** Stops the run if any step failed, naming each that did. */
function stopOnFailure(outcomes: { title: string; ok: boolean }[]) {
  const failed = outcomes.filter((outcome) => !outcome.ok);
  if (failed.length === 0) return;
  printFailedTests();
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
// The order below was measured on this 2-core machine (docs/perf-notes-suite.md): run alone,
// Vitest took 160 s and the browser tests 494 s; run side by side, as they used to be, Vitest
// took 902 s and the browser tests 24 minutes in CI. Both poll while they wait (Playwright's
// actionability checks, the outbox, expect.poll), so starving each other made every wait
// longer and every wait cost more CPU. Vitest keeps both cores busy on its own; the browser
// tests wait on a browser most of the time, which leaves room for the type check and knip.
// So: the build, then Vitest alone, then the browser tests with the two read-only checks
// beside them.
// The type check is TypeScript 7's native compiler (`tsc`; docs/architecture.md §2): on this tree
// 16 core-seconds cold against TypeScript 6's 30, the same errors. It keeps what it learnt of the
// unchanged files for the next run (node_modules/.cache): TypeScript's own incremental mode, which
// still reports every error, of changed and unchanged files alike (3 core-seconds with nothing
// changed). A first run (a fresh clone) pays it all. knip runs without its cache: a cache kept from
// before a route was added to app/routes.ts reported the new route module's exports as unused, and
// the cache saved only 2 core-seconds.
const cache = path.join(root, "node_modules/.cache");
const build = await run(
  {
    title: "Production build",
    command: process.execPath,
    args: [path.join(root, "scripts/ensure-build.ts")],
  },
  "[build]",
);
if (!build.ok) stopOnFailure([build]);
// Unit and integration tests never see a server database unless DATABASE_URL says so. Both
// test steps run the production build; neither writes to what the other reads: Vitest's
// databases are its own, the browser tests' server has its own embedded database and ports
// (playwright.config.ts).
const vitest = await run(
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
);
const rest = await Promise.all([
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
stopOnFailure([build, vitest, ...rest]);

const vitestReport = JSON.parse(fs.readFileSync(path.join(results, "vitest.json"), "utf8"));
const e2e = JSON.parse(fs.readFileSync(path.join(results, "e2e.json"), "utf8"));
const passed = vitestReport.numPassedTests + e2e.stats.expected + e2e.stats.flaky;
const failed = vitestReport.numFailedTests + e2e.stats.unexpected;
const skipped = vitestReport.numPendingTests + vitestReport.numTodoTests + e2e.stats.skipped;
console.log(
  `\nunit, integration and server: ${vitestReport.numPassedTests} passed; browser: ${e2e.stats.expected} passed`,
);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (passed === 0 || failed > 0) process.exit(1);
