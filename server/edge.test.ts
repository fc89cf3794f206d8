import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { edgeGuard, isCleanAddress } from "./edge.ts";

/** Raw HTTP: fetch() itself refuses TRACE and addresses with broken escapes. */
function send(port: number, method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("edge guard", () => {
  let port: number;
  let close: () => void;

  beforeAll(async () => {
    const app = express();
    app.use(edgeGuard);
    app.use((_req, res) => {
      res.send("reached the app");
    });
    const server = app.listen(0);
    await new Promise((r) => server.once("listening", r));
    port = (server.address() as AddressInfo).port;
    close = () => server.close();
  });
  afterAll(() => close());

  it("answers methods the app does not serve with 405 and says which it does", async () => {
    for (const method of ["TRACE", "PUT", "DELETE", "PATCH", "PROPFIND"]) {
      const response = await send(port, method, "/login");
      expect(response.status, method).toBe(405);
      expect(response.headers.allow).toBe("GET, HEAD, POST");
    }
    expect((await send(port, "OPTIONS", "/login")).status).toBe(204);
    expect((await send(port, "GET", "/login")).status).toBe(200);
    expect((await send(port, "POST", "/login")).status).toBe(200);
  });

  it("refuses NUL bytes and invalid UTF-8 in the address with 400", async () => {
    expect((await send(port, "GET", "/employer-referrals?q=a%00b")).status).toBe(400);
    expect((await send(port, "GET", "/assessment/%00")).status).toBe(400);
    expect((await send(port, "GET", "/employer-referrals?q=%FF%FE")).status).toBe(400);
    expect((await send(port, "GET", "/employer-referrals?q=%E2%82")).status).toBe(400);
    expect((await send(port, "GET", "/employer-referrals?q=%")).status).toBe(400);
    expect((await send(port, "GET", "/employer-referrals?q=caf%C3%A9&x")).status).toBe(200);
  });

  it("refuses a body larger than any form before reading it", async () => {
    const response = await send(port, "POST", "/login", { "content-length": "5000000" });
    expect(response.status).toBe(413);
  });

  it("reads every part of the address", () => {
    expect(isCleanAddress("/a/b?c=d&e=f#%00")).toBe(true);
    expect(isCleanAddress("/a%2Fb?c=%20")).toBe(true);
    expect(isCleanAddress("/a?c%00=d")).toBe(false);
    expect(isCleanAddress("/a%C0%AF")).toBe(false);
  });
});
