import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * A server process of its own for the crash tests: `script` (under tests/support) run by tsx in
 * `mode`, with only the environment given here, as `npm start` would see it. `reached(line)`
 * waits until it prints that line; `output()` is all it printed so far.
 */
export function startServerProcess(script: string, mode: string, env: NodeJS.ProcessEnv) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "tests/support", script), mode],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "test",
        LOG_LEVEL: "warn",
        JOBS: "on",
        ...env,
      },
    },
  );
  let output = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  child.stdout!.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr!.on("data", (chunk) => {
    output += chunk;
  });
  const reached = (line: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (output.includes(`${line}\n`)) resolve();
      };
      child.stdout!.on("data", check);
      check();
      void exited.then(({ code, signal }) =>
        reject(new Error(`${mode} process ended (${code ?? signal}) before "${line}":\n${output}`)),
      );
    });
  return { child, reached, exited, output: () => output };
}
