import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createDatabaseOutage } from "./database-outage.server.ts";
import { createLogger } from "./logger.server.ts";

function capture() {
  const lines: { level: number; msg: string; outage?: Record<string, unknown> }[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger("info", sink) };
}

function refused(): Error {
  return Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
}

describe("database outage log", () => {
  it("logs an outage of 1,000 failures as two lines: since when, and back after how long", async () => {
    const { lines, logger } = capture();
    let reachable = false;
    let clock = Date.parse("2026-11-28T12:00:00Z");
    const outage = createDatabaseOutage({
      logger,
      ping: async () => {
        if (!reachable) throw refused();
      },
      checkEveryMs: 5,
      now: () => clock,
    });
    expect(outage.down).toBe(false);
    for (let i = 0; i < 1000; i++) outage.noteUnavailable(refused());
    expect(outage.down).toBe(true);
    // The pings fail while the database is away, and log nothing.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(lines.map((line) => line.msg)).toEqual([
      "database unavailable since 2026-11-28T12:00:00.000Z",
    ]);
    clock += 19_400;
    reachable = true;
    await expect.poll(() => outage.down).toBe(false);
    expect(lines.map((line) => line.msg)).toEqual([
      "database unavailable since 2026-11-28T12:00:00.000Z",
      "database back after 19.4 s (1000 failures while it was unavailable)",
    ]);
    expect(lines[1]?.outage).toEqual({ seconds: 19.4, failures: 1000 });
    // A second outage is a new pair of lines.
    outage.noteUnavailable(refused());
    expect(lines).toHaveLength(3);
    await expect.poll(() => outage.down).toBe(false);
    expect(lines).toHaveLength(4);
    outage.stop();
  });
});
