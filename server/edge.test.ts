import http from "node:http";
import net from "node:net";
import { gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenForTest } from "~tests/support/listen.ts";
import {
  documentUploadLimit,
  edgeGuard,
  isCleanAddress,
  maxBodyBytes,
  readBody,
  refusalGraceMs,
} from "./edge.ts";

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
    app.use(readBody({ default: maxBodyBytes }));
    app.use((_req, res) => {
      res.send("reached the app");
    });
    ({ port, close } = await listenForTest(app));
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

/**
 * Streams `total` bytes of a form as a chunked body (no Content-Length), honouring backpressure,
 * until the server answers or closes the connection.
 */
function sendChunked(
  port: number,
  path: string,
  total: number,
  headers: Record<string, string> = {},
) {
  return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path,
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      },
      (res) => {
        answered = true;
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, sent }));
      },
    );
    // The server closing the connection on a body it refused is an answer, not a failure.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    const pump = () => {
      while (sent < total && !answered && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once("drain", pump);
          return;
        }
      }
      if (sent >= total && !answered) req.end();
    };
    req.write("note=");
    pump();
  });
}

describe("request bodies", () => {
  let port: number;
  let close: () => void;
  /** What the server had read from each connection when it was closed. */
  const bytesRead: number[] = [];
  const uploadLimit = 5 * 1024 * 1024;

  beforeAll(async () => {
    const app = express();
    app.use((req, _res, next) => {
      req.socket.once("close", () => bytesRead.push(req.socket.bytesRead));
      next();
    });
    app.use(
      readBody({
        default: maxBodyBytes,
        routes: [{ path: /^\/upload$/, limit: uploadLimit }, documentUploadLimit],
      }),
    );
    app.use((_req, res) => {
      res.send(`read ${res.locals.body?.length ?? "nothing"}`);
    });
    ({ port, close } = await listenForTest(app));
  });
  afterAll(() => close());

  it("refuses a 30 MB chunked body with 413, having read little more than the limit", async () => {
    bytesRead.length = 0;
    const response = await sendChunked(port, "/forgot-password", 30 * 1024 * 1024);
    expect(response.status).toBe(413);
    expect(response.body).toBe("The form is too large.");
    // The connection is dropped after its grace, having read nothing more.
    await expect.poll(() => bytesRead.length, { timeout: refusalGraceMs + 3000 }).toBe(1);
    // The limit, plus what was already in flight when the server stopped reading.
    expect(bytesRead[0]).toBeLessThan(maxBodyBytes + 512 * 1024);
    expect(response.sent).toBeLessThan(30 * 1024 * 1024);
  });

  it("lets a client that is still sending read the refusal, and then the connection's end, before any reset", async () => {
    const events = await new Promise<string[]>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      const seen: string[] = [];
      let received = "";
      socket.on("error", (error: NodeJS.ErrnoException) => seen.push(`error ${error.code}`));
      socket.on("data", (data) => {
        received += data;
        if (received.endsWith("The form is too large.")) seen.push("answer");
      });
      socket.on("end", () => {
        seen.push("end");
        socket.destroy();
      });
      socket.on("close", () => resolve(seen));
      socket.write(
        "POST /forgot-password HTTP/1.1\r\nHost: test\r\n" +
          "Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n" +
          `${(30 * 1024 * 1024).toString(16)}\r\n`,
      );
      // 4 MB written at once, without waiting: the server refuses after 1 MB with the rest in flight.
      const chunk = Buffer.alloc(64 * 1024, "a");
      for (let sent = 0; sent < 4 * 1024 * 1024; sent += chunk.length) socket.write(chunk);
    });
    // Closing at once would reset the connection under the unread rest, and the writing client
    // would see EPIPE or ECONNRESET, often before it had read the answer.
    expect(events).toEqual(["answer", "end"]);
  });

  it("hands a body within the limit on whole, chunked or not", async () => {
    const chunked = await sendChunked(port, "/forgot-password", 512 * 1024);
    expect(chunked.status).toBe(200);
    expect(chunked.body).toBe(`read ${"note=".length + 512 * 1024}`);
    const declared = await fetch(`http://127.0.0.1:${port}/login`, {
      method: "POST",
      body: "email=a%40b.co",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(await declared.text()).toBe("read 14");
  });

  it("gives an upload route its own limit", async () => {
    expect((await sendChunked(port, "/upload", 3 * 1024 * 1024)).status).toBe(200);
    expect((await sendChunked(port, "/forgot-password", 3 * 1024 * 1024)).status).toBe(413);
    expect((await sendChunked(port, "/upload", 8 * 1024 * 1024)).status).toBe(413);
  });

  it("takes a 10 MB document on each side's upload page, and no more", async () => {
    const tenMegabytes = 10 * 1024 * 1024;
    for (const page of [
      "/employer-referrals/REF-000123/documents",
      "/doctor/cases/0b7c6f4e-4d0e-4c57-9a55-3f0d2b1f1a11/documents",
      "/assessment/abc123/documents",
    ]) {
      expect((await sendChunked(port, page, tenMegabytes)).status, page).toBe(200);
      expect((await sendChunked(port, page, tenMegabytes + 128 * 1024)).status, page).toBe(413);
    }
    // Only the upload page itself: a document's download address, or a longer path, keeps 1 MB.
    expect(
      (await sendChunked(port, "/employer-referrals/REF-000123/documents/x", 2 * 1024 * 1024))
        .status,
    ).toBe(413);
  });

  it("refuses compressed bodies: a small bomb would unpack past any limit", async () => {
    const bomb = gzipSync(Buffer.alloc(10 * 1024 * 1024, "a"));
    const response = await fetch(`http://127.0.0.1:${port}/login`, {
      method: "POST",
      body: bomb,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "content-encoding": "gzip",
      },
    });
    expect(response.status).toBe(415);
  });
});
