import { type ChildProcess, spawn } from "node:child_process";

/** A production server of its own (build + server/main.ts) on its own data directory. */
interface ServerProcess {
  child: ChildProcess;
  baseURL: string;
  output: () => string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** `node server/main.ts` in production mode with these settings; its output is kept. */
export function spawnServer(
  env: Record<string, string>,
): Pick<ServerProcess, "child" | "output" | "exited"> {
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function startServerProcess(dataDir: string, port: number): Promise<ServerProcess> {
  const baseURL = `http://localhost:${port}`;
  const { child, output, exited } = spawnServer({
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    PORT: String(port),
    PUBLIC_URL: baseURL,
    ALLOW_DEMO_PAYMENTS: "true",
  });
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  const server: ServerProcess = {
    child,
    baseURL,
    output,
    exited,
    async stop() {
      if (exitCode === undefined) child.kill("SIGTERM");
      await exited;
    },
  };
  // First start creates the PGlite cluster: seconds normally, longer on a loaded 2-core machine.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(`server exited with ${exitCode} before it was healthy:\n${output()}`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).status === 200) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error(`server on port ${port} was not healthy within 90 s:\n${output()}`);
}
