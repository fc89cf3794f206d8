import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../../app/db/client.server.ts";
import { auditEvent } from "../../../app/db/schema/index.ts";
import { migratedDataDir } from "../support/in-process-server.ts";
import { spawnServer } from "../support/server-process.ts";
import { expect, hydratingTest as test } from "../support/test.ts";

// These start their own servers from the production build; no browser is needed.

type Started = ReturnType<typeof spawnServer>;

function startServer(dataDir: string, port: number): Started {
  return spawnServer({ DATA_DIR: dataDir, PORT: String(port), ALLOW_DEMO_PAYMENTS: "true" });
}

async function waitUntilHealthy(server: Started, port: number) {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  // First start creates the PGlite cluster: seconds normally, longer on a loaded 2-core machine.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(`server exited with ${exitCode} before it was healthy:\n${server.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server on port ${port} was not healthy within 90 s:\n${server.output()}`);
}

test.describe.configure({ mode: "serial" });

// Next to the suite's own server port, so suites run side by side (E2E_PORT) never collide.
const basePort = Number(process.env.E2E_PORT ?? 3210) + 80;

// One data directory for the whole life cycle, starting from the run's migrated database: a first
// start on an empty directory is every run's shared server (playwright.config.ts).
test("a second server on the same directory is refused; SIGTERM exits 0 within 5 seconds; a restart serves the same data", async () => {
  test.setTimeout(240_000);
  const dataDir = migratedDataDir("referoh-proc-");
  try {
    const first = startServer(dataDir, basePort + 1);
    try {
      await waitUntilHealthy(first, basePort + 1);
      expect(first.output()).toContain(`ReferOH is running at http://localhost:${basePort + 1}`);
      const second = startServer(dataDir, basePort + 2);
      const code = await second.exited;
      expect(code).not.toBe(0);
      expect(second.output()).toContain("is in use by another ReferOH process");
      expect(second.output()).not.toMatch(/\n\s+at /); // one clear line, no stack trace
      expect((await fetch(`http://127.0.0.1:${basePort + 1}/healthz`)).status).toBe(200);

      const stopAt = Date.now();
      first.child.kill("SIGTERM");
      expect(await first.exited).toBe(0);
      expect(Date.now() - stopAt).toBeLessThan(5000);
    } finally {
      first.child.kill("SIGTERM");
    }

    // The directory was closed cleanly and unlocked: another opener may write to it.
    const direct = await openDatabase({ kind: "pglite", dataDir });
    await direct.db.insert(auditEvent).values({ action: "test.persisted", outcome: "success" });
    await direct.close();

    const restarted = startServer(dataDir, basePort + 3);
    await waitUntilHealthy(restarted, basePort + 3);
    restarted.child.kill("SIGTERM");
    expect(await restarted.exited).toBe(0);

    const check = await openDatabase({ kind: "pglite", dataDir });
    const rows = await check.db.select().from(auditEvent);
    await check.close();
    expect(rows.map((r) => r.action)).toContain("test.persisted");
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

// A real deployment (production over https) must be given its secrets; without them start-up
// stops before it opens the database, with one line that names the setting, not a stack trace.
test.describe("a deployment missing a secret it must be given", () => {
  const https = {
    PUBLIC_URL: "https://referoh.example",
    PORT: String(basePort + 4),
    ALLOW_DEMO_PAYMENTS: "true",
  };
  const authSecret = "a".repeat(48);
  const cases: { setting: string; env: Record<string, string> }[] = [
    { setting: "BETTER_AUTH_SECRET", env: {} },
    { setting: "DATA_ENCRYPTION_KEYS", env: { BETTER_AUTH_SECRET: authSecret } },
  ];
  for (const { setting, env } of cases)
    test(`stops with one line naming ${setting}`, async () => {
      // Neither secret comes from the environment the suite runs in.
      expect(process.env.BETTER_AUTH_SECRET ?? process.env.DATA_ENCRYPTION_KEYS).toBeUndefined();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-secret-"));
      try {
        const server = spawnServer({ DATA_DIR: dataDir, DATABASE_URL: "", ...https, ...env });
        expect(await server.exited).not.toBe(0);
        expect(server.output()).toContain(`${setting} is not set`);
        expect(server.output()).not.toMatch(/\n\s+at /);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
});
