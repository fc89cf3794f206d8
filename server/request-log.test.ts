import { Writable } from "node:stream";
import express from "express";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenForTest } from "~tests/support/listen.ts";
import { redactPath, requestLogger } from "./request-log.ts";

describe("request log", () => {
  const lines: Record<string, unknown>[] = [];
  let base: string;
  let close: () => void;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = express();
    app.use(requestLogger(pino({ level: "info" }, sink)));
    app.get("/missing", (_req, res) => {
      res.status(404).send("no");
    });
    app.use((_req, res) => {
      res.setHeader("Set-Cookie", "referoh.session_token=secret");
      res.send("ok");
    });
    ({ base, close } = await listenForTest(app));
  });
  afterAll(() => close());

  it("logs id, method, path and status: no query, no token, no headers", async () => {
    const response = await fetch(`${base}/assessment/abc123token/start?code=42`);
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => lines.length).toBeGreaterThan(0);
    const line = lines.at(-1)!;
    expect(line).toMatchObject({
      level: 30,
      msg: "request completed",
      req: { id, method: "GET", path: "/assessment/[token]/start" },
      res: { statusCode: 200 },
    });
    expect(line.res).toEqual({ statusCode: 200 });
    expect(JSON.stringify(line)).not.toMatch(/abc123token|code=42|secret/);
  });

  it("logs a 4xx as a warning", async () => {
    await fetch(`${base}/missing`);
    await expect.poll(() => lines.at(-1)?.res).toEqual({ statusCode: 404 });
    expect(lines.at(-1)!.level).toBe(40);
  });

  it("replaces only an assessment link's token", () => {
    expect(redactPath("/assessment/tok/guided")).toBe("/assessment/[token]/guided");
    expect(redactPath("/assessment/tok")).toBe("/assessment/[token]");
    expect(redactPath("/join/tok")).toBe("/join/[token]");
    expect(redactPath("/employer-dashboard")).toBe("/employer-dashboard");
  });
});

describe("request log during a database outage", () => {
  it("leaves the outage's 503s to its own lines, and logs every other status", async () => {
    const lines: { res?: { statusCode: number } }[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    let down = true;
    const app = express();
    app.use(requestLogger(pino({ level: "info" }, sink), () => down));
    app.get("/unavailable", (_req, res) => {
      res.status(503).send("later");
    });
    app.use((_req, res) => {
      res.send("ok");
    });
    const { base, close } = await listenForTest(app);
    try {
      for (let i = 0; i < 5; i++) await (await fetch(`${base}/unavailable`)).text();
      await (await fetch(`${base}/fine`)).text();
      await expect.poll(() => lines.length).toBe(1);
      expect(lines[0]?.res?.statusCode).toBe(200);
      down = false;
      await (await fetch(`${base}/unavailable`)).text();
      await expect.poll(() => lines.length).toBe(2);
      expect(lines[1]?.res?.statusCode).toBe(503);
    } finally {
      close();
    }
  });
});
