import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

function get(port: number, agent: http.Agent) {
  return new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/slow", agent }, (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
        );
      })
      .on("error", reject);
  });
}

it("on SIGTERM, answers the requests in progress before closing the database, then exits 0", async () => {
  const child = spawn(
    path.join(root, "node_modules/.bin/node"),
    ["server/serve-drain.fixture.ts"],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = "";
      child.stdout.on("data", (chunk) => {
        output += chunk;
        const match = /running at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      });
      child.on("exit", () => reject(new Error(`the fixture exited: ${output}`)));
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const inProgress = get(port, agent);
    await new Promise((resolve) => setTimeout(resolve, 100));
    child.kill("SIGTERM");
    // Asked before the signal, on a kept-alive connection: answered normally.
    expect(await inProgress).toMatchObject({ status: 200 });
    // Asked on that connection while stopping: still answered, and the connection is closed.
    expect(await get(port, agent)).toEqual({ status: 200, connection: "close" });
    expect(await exited).toBe(0);
  } finally {
    child.kill("SIGKILL");
  }
}, 15_000);
