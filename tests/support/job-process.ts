import fs from "node:fs";
import { loadConfig } from "~/config.server.ts";
import { openAssessmentLink } from "~/domain/assessments/open-assessment-link.server.ts";
import { saveAnswers } from "~/domain/assessments/save-answers.server.ts";
import { startRuntime } from "~/runtime.server.ts";
import { subjectScopeForTest } from "~tests/support/assessments.ts";

/*
 * A server process of its own for app/services/jobs/crash-after-commit.integration.test.ts: the
 * whole runtime (database, job queue and its workers, file outbox under DATA_DIR) configured
 * from the environment as `npm start` is.
 *
 *   crash: answers PHQ-9 item 9 through the link in CRASH_TOKEN, which flags the case urgent and
 *          queues the on-call alert in the same transaction; freezes as that transaction
 *          commits, and is killed there with SIGKILL. Frozen, it can neither work the job nor
 *          queue anything after the commit.
 *   serve: runs the job workers until SIGTERM, then shuts down as the server does.
 */
const mode = process.argv[2];
const runtime = await startRuntime(loadConfig());

if (mode === "crash") {
  const token = process.env.CRASH_TOKEN ?? "";
  const origin = { ip: "203.0.113.40", requestId: "crash-after-commit" };
  const opened = await openAssessmentLink(runtime.database.db, { token, origin });
  if (!opened.ok) throw new Error(`link refused: ${opened.reason}`);
  // The process dies the moment the change's transaction commits: before anything that follows
  // the commit, as a job queued after it once did, can run. Written synchronously, then the event
  // loop stops for good, and the test kills it with SIGKILL.
  const db = runtime.database.db;
  const transaction = db.transaction.bind(db);
  db.transaction = (async (...args: Parameters<typeof transaction>) => {
    await transaction(...args);
    fs.writeSync(1, "committed\n");
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  }) as typeof db.transaction;
  await saveAnswers(subjectScopeForTest(db, opened.link, { origin, adapters: runtime.adapters }), {
    step: "phq9.9",
    answers: { "phq9.9": "2" },
  });
  throw new Error("the transaction did not commit");
} else if (mode === "serve") {
  process.on("SIGTERM", () => {
    void runtime.shutdown().then(() => process.exit(0));
  });
  fs.writeSync(1, "ready\n");
} else {
  throw new Error(`unknown mode: ${mode}`);
}
