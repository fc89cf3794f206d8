import type { TestProject } from "vitest/node";
import { clamdForTests } from "~tests/support/clamd-test-daemon.ts";
import { prepareTestDatabaseTemplate } from "~tests/support/test-database.ts";

// Migrates the template database once, before any integration test file clones it, and starts
// ClamAV's daemon on a test signature for the upload scanner's tests (it is ready in well under
// a second, while the template migrates).
export default async function setup(project: TestProject) {
  const [clamd] = await Promise.all([clamdForTests(), prepareTestDatabaseTemplate()]);
  project.provide("clamdSocket", clamd.daemon?.socketPath ?? null);
  project.provide("clamdSkipReason", clamd.skipReason);
  if (clamd.daemon) console.log(`clamd (test signature) ready in ${clamd.daemon.readyInMs} ms`);
  if (clamd.skipReason) console.warn(`The clamd scanner's tests are skipped: ${clamd.skipReason}`);
  return async () => {
    const stopped = await clamd.daemon?.stop();
    if (stopped) console.log(`clamd used ${stopped.cpuMs ?? "?"} ms of CPU`);
  };
}
