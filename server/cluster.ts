import cluster, { type Worker } from "node:cluster";
import { fileURLToPath } from "node:url";

interface ClusterOptions {
  processes: number;
  publicUrl: string | undefined;
  log(message: string): void;
}

/** Workers stop themselves within 5 s of SIGTERM (server/serve.ts); this is the backstop. */
const STOP_DEADLINE_MS = 6_000;

/**
 * WEB_CONCURRENCY > 1 on a PostgreSQL server: this process only supervises. Each worker is a
 * whole server (server/main.ts) on the shared port; Node's cluster hands connections round-robin.
 *
 * - The first worker starts alone, so migrations, the reseal scan and the questionnaire check have
 *   done their work before the others start (they run them too and find nothing to do); the
 *   others then start together.
 * - A worker that dies after it was serving is replaced; one that dies before it ever listened is
 *   a start-up failure (bad configuration, port in use), and the whole server exits 1.
 * - SIGTERM/SIGINT stops every worker gracefully, then exits 0 if they all did.
 *
 * Workers share nothing through this process: the video room's membership is in the database,
 * as it is across machines (docs/decisions/0020-room-signalling-in-postgresql.md).
 */
export async function runCluster({ processes, publicUrl, log }: ClusterOptions): Promise<void> {
  // Workers run the server entry itself, not whatever started this process (`npm start` runs
  // scripts/start.ts, which builds first: once is enough).
  cluster.setupPrimary({ exec: fileURLToPath(new URL("./main.ts", import.meta.url)) });

  let stopping = false;
  const exitCodes: number[] = [];

  function start(index: number): Promise<{ port: number }> {
    return new Promise((resolve, reject) => {
      const worker: Worker = cluster.fork({ REFEROH_WORKER_INDEX: String(index) });
      let serving = false;
      worker.once("listening", (address) => {
        serving = true;
        resolve({ port: address.port });
      });
      worker.once("exit", (code, signal) => {
        // Its rooms' peers hear "peer-left" from another host's sweep once its heartbeat stops.
        if (stopping) {
          // One still starting has no handler yet, and SIGTERM ends it at once: a clean stop too.
          exitCodes.push(!serving && signal === "SIGTERM" ? 0 : (code ?? 1));
          return;
        }
        if (!serving) {
          reject(new Error(`a server process exited with ${code ?? signal} before it was ready`));
          return;
        }
        log(`server process ${index} exited with ${code ?? signal}; starting another`);
        setTimeout(() => {
          start(index).catch((error: Error) => {
            log(error.message);
            void stop(1);
          });
        }, 1_000).unref();
      });
    });
  }

  async function stop(code: number) {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    const exited = workers.map(
      (worker) => new Promise<void>((resolve) => worker.once("exit", () => resolve())),
    );
    for (const worker of workers) worker.process.kill("SIGTERM");
    const deadline = setTimeout(() => {
      for (const worker of workers) worker.process.kill("SIGKILL");
      process.exit(1);
    }, STOP_DEADLINE_MS);
    await Promise.all(exited);
    clearTimeout(deadline);
    process.exit(code || (exitCodes.some((c) => c !== 0) ? 1 : 0));
  }
  process.once("SIGTERM", () => void stop(0));
  process.once("SIGINT", () => void stop(0));

  try {
    const { port } = await start(0);
    await Promise.all(Array.from({ length: processes - 1 }, (_, i) => start(i + 1)));
    const url = (publicUrl || `http://localhost:${port}`).replace(/:\d+$/, `:${port}`);
    log(`ReferOH is running at ${url} (${processes} processes)`);
  } catch (error) {
    log((error as Error).message);
    await stop(1);
  }
}
