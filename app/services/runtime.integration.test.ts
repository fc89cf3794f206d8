import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server.ts";
import { startRuntime } from "~/runtime.server.ts";
import { createTestDatabase } from "~tests/support/test-database.ts";
import type { JobQueue, JobTransaction } from "./jobs/queue.server.ts";
import type { Runtime } from "./runtime.server.ts";

/** The product's queue, for jobs that exist only in these tests and so in no product map. */
type TestJobs = Pick<JobQueue, "register"> & {
  send(name: string, data: object, options?: { tx?: JobTransaction }): Promise<string | null>;
};

describe("runtime", () => {
  const testJobs = () => runtime.jobs as unknown as TestJobs;
  let runtime: Runtime;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-runtime-"));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", JOBS: "on" });
    runtime = await startRuntime(config, { database: await createTestDatabase() });
  });
  afterAll(async () => {
    await runtime.shutdown();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs queued jobs on the product's own database", async () => {
    const received: unknown[] = [];
    const done = new Promise<void>((resolve) => {
      testJobs().register<{ n: number }>("test-echo", async (data) => {
        received.push(data);
        resolve();
      });
    });
    await testJobs().send("test-echo", { n: 42 });
    await done;
    expect(received).toEqual([{ n: 42 }]);
  });

  it("queues a job in the caller's transaction: rolled back, it never runs; committed, it runs once", async () => {
    const received: number[] = [];
    testJobs().register<{ n: number }>("test-transactional", async ({ n }) => {
      received.push(n);
    });
    // Creates the queue (as start-up does for every handler) outside any transaction.
    await testJobs().send("test-transactional", { n: 0 });
    const { db } = runtime.database;
    await expect(
      db.transaction(async (tx) => {
        await testJobs().send("test-transactional", { n: 1 }, { tx });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await db.transaction(async (tx) => {
      await testJobs().send("test-transactional", { n: 2 }, { tx });
    });
    await expect.poll(() => received.includes(2), { timeout: 20_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(received.sort()).toEqual([0, 2]);
  });

  it("sweeps for work a crash may have dropped as soon as it starts", async () => {
    const queued = (await runtime.database.db.execute(
      sql`select name from pgboss.job where name in ('assessment-follow-up', 'referral-follow-up')`,
    )) as unknown as { rows: { name: string }[] };
    expect(new Set(queued.rows.map((r) => r.name))).toEqual(
      new Set(["assessment-follow-up", "referral-follow-up"]),
    );
  });

  it("writes mail to the embedded outbox as a complete RFC 5322 message", async () => {
    await runtime.mailer.send({
      to: "someone@example.org",
      subject: "Hello from the outbox",
      text: "Body text",
    });
    const dir = runtime.mailer.outboxDir;
    expect(dir).toBe(path.join(dataDir, "mail"));
    const files = fs.readdirSync(dir!).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const raw = fs.readFileSync(path.join(dir!, files[0]!), "utf8");
    expect(raw).toMatch(/^To: someone@example\.org$/m);
    expect(raw).toMatch(/^Subject: Hello from the outbox$/m);
    expect(raw).toMatch(/^Message-ID: </m);
    expect(raw).toContain("Body text");
  });

  it("shuts down once, however often it is asked", async () => {
    const again = startRuntime(
      loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", JOBS: "off" }),
      {
        database: await createTestDatabase(),
      },
    );
    const second = await again;
    await Promise.all([second.shutdown(), second.shutdown()]);
    await expect(second.database.ping()).rejects.toThrow();
  });
});
