import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { clamdPath } from "../../scripts/ensure-test-tools.ts";
import { eicarTestFile } from "./documents.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The test daemon's socket, or null where none was started (see `clamdSkipReason`). */
    clamdSocket: string | null;
    clamdSkipReason: string;
  }
}

/** The name our one-signature database gives EICAR (ClamAV's own calls it Win.Test.EICAR_HDB-1). */
export const TEST_EICAR_SIGNATURE = "ReferOH.Test.EICAR";

/**
 * ClamAV's real daemon for the integration tests, started without the network: its signature
 * database is one body signature (`.ndb`, clamav's signature format) matching the EICAR test
 * file, written into a temporary DatabaseDirectory, because freshclam cannot reach ClamAV's mirror
 * from CI (and production's full database would take a minute and a gigabyte to load). It listens
 * on a unix socket in the same directory, in the foreground, as the user running the tests.
 */
export async function startClamdTestDaemon(): Promise<{
  socketPath: string;
  readyInMs: number;
  stop(): Promise<{ cpuMs: number | null }>;
}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-clamd-"));
  const database = path.join(dir, "db");
  fs.mkdirSync(database);
  const hex = Buffer.from(eicarTestFile()).toString("hex");
  fs.writeFileSync(path.join(database, "referoh-test.ndb"), `${TEST_EICAR_SIGNATURE}:0:*:${hex}\n`);
  const socketPath = path.join(dir, "clamd.sock");
  const configPath = path.join(dir, "clamd.conf");
  fs.writeFileSync(
    configPath,
    [
      "Foreground yes",
      `LocalSocket ${socketPath}`,
      "LocalSocketMode 600",
      `DatabaseDirectory ${database}`,
      `TemporaryDirectory ${dir}`,
      // No periodic database reload, few threads: it idles beside the tests.
      "SelfCheck 0",
      "MaxThreads 4",
      "LogTime no",
      "",
    ].join("\n"),
  );

  const started = performance.now();
  const daemon = spawn(clamdPath, ["--config-file", configPath], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  daemon.stdout.on("data", (chunk) => (output += chunk));
  daemon.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => daemon.on("exit", resolve));

  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    await waitForPong(socketPath, daemon, 30_000);
  } catch (error) {
    daemon.kill("SIGKILL");
    remove();
    throw new Error(`clamd did not start: ${(error as Error).message}\n${output.slice(-2000)}`);
  }
  const readyInMs = Math.round(performance.now() - started);
  return {
    socketPath,
    readyInMs,
    async stop() {
      const cpuMs = cpuTimeMs(daemon.pid);
      daemon.kill("SIGTERM");
      const timer = setTimeout(() => daemon.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
      remove();
      return { cpuMs };
    },
  };
}

async function waitForPong(socketPath: string, daemon: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (daemon.exitCode !== null) throw new Error(`clamd exited with code ${daemon.exitCode}`);
    if (fs.existsSync(socketPath) && (await ping(socketPath)) === "PONG") return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no PONG within ${timeoutMs} ms`);
}

function ping(socketPath: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.createConnection({ path: socketPath });
    let reply = "";
    socket.setTimeout(1_000, () => socket.destroy());
    socket.on("connect", () => socket.write("zPING\0"));
    socket.on("data", (data) => (reply += data.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => resolve(reply.replace(/\0/g, "").trim()));
  });
}

/** User and system CPU the daemon has used, from /proc (Linux), in milliseconds. */
function cpuTimeMs(pid: number | undefined): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * For the integration project's global setup: the daemon, unless the environment names one of
 * its own (CLAMD_SOCKET or CLAMD_HOST, which the tests then use) or clamd is not installed, each
 * with the reason the tests print when they skip.
 */
export async function clamdForTests(): Promise<
  | { daemon: Awaited<ReturnType<typeof startClamdTestDaemon>>; skipReason: "" }
  | { daemon: null; skipReason: string }
> {
  if (process.env.CLAMD_SOCKET || process.env.CLAMD_HOST) return { daemon: null, skipReason: "" };
  if (!fs.existsSync(clamdPath)) {
    return {
      daemon: null,
      skipReason: `${clamdPath} is not installed (Debian: apt-get install clamav-daemon, or node scripts/ensure-test-tools.ts as root)`,
    };
  }
  return { daemon: await startClamdTestDaemon(), skipReason: "" };
}
