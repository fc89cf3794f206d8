import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "~tests/support/raw-http.ts";
import { assetCacheControl, loadPrecompressedAssets, precompressAssets } from "./assets.ts";

describe("pre-compressed assets", () => {
  let dir: string;
  let base: string;
  let server: http.Server;
  const script = `export function hello(){return ${JSON.stringify("a longer string ".repeat(200))}}\n`;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-assets-"));
    fs.writeFileSync(path.join(dir, "entry-AbC123.js"), script);
    fs.writeFileSync(path.join(dir, "app-XyZ.css"), "body{color:red}".repeat(100));
    // Too small to gain anything: no copies are written, and it is sent as it is.
    fs.writeFileSync(path.join(dir, "tiny-1.js"), "1");
    // Not text: left to express.static.
    fs.writeFileSync(path.join(dir, "font-1.woff2"), Buffer.from([0, 1, 2]));
    expect(await precompressAssets(dir)).toBe(3);

    const assets = loadPrecompressedAssets(dir);
    server = http.createServer((req, res) => {
      if (assets.has(req)) return assets.send(req, res);
      res.statusCode = 404;
      res.end("passed on");
    });
    server.listen(0);
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}, method = "GET") =>
    rawRequest(`${base}${url}`, headers, method);

  it("writes brotli and gzip copies beside each text asset, only where they are smaller", () => {
    const files = fs.readdirSync(dir).sort();
    expect(files).toEqual([
      "app-XyZ.css",
      "app-XyZ.css.br",
      "app-XyZ.css.gz",
      "entry-AbC123.js",
      "entry-AbC123.js.br",
      "entry-AbC123.js.gz",
      "font-1.woff2",
      "tiny-1.js",
    ]);
    expect(
      zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, "entry-AbC123.js.br"))),
    ).toEqual(Buffer.from(script));
  });

  it("answers only a plain GET or HEAD of a known asset at its exact address", () => {
    const assets = loadPrecompressedAssets(dir);
    const admits = (method: string, url: string, headers: Record<string, string> = {}) =>
      assets.has({ method, url, headers } as never);
    // Each request line, and whether it is answered from the precompressed assets.
    const answered: [method: string, url: string, admitted: boolean][] = [
      ["GET", "/assets/entry-AbC123.js", true],
      ["HEAD", "/assets/app-XyZ.css", true],
      ["GET", "/assets/entry-AbC123.js?v=2", false],
      ["GET", "/assets/entry-AbC123.js.br", false],
      ["GET", "/assets/font-1.woff2", false],
      ["GET", "/assets/../assets/entry-AbC123.js", false],
      ["POST", "/assets/entry-AbC123.js", false],
    ];
    for (const [method, url, admitted] of answered)
      expect(admits(method, url), `${method} ${url}`).toBe(admitted);
    expect(admits("GET", "/assets/entry-AbC123.js", { "transfer-encoding": "chunked" })).toBe(
      false,
    );
  });

  it("sends the build's bytes by negotiated encoding, cached for a year, 304 when unchanged", async () => {
    const identity = await get("/assets/entry-AbC123.js", { "accept-encoding": "identity" });
    const br = await get("/assets/entry-AbC123.js", { "accept-encoding": "gzip, deflate, br" });
    const gzip = await get("/assets/entry-AbC123.js", { "accept-encoding": "gzip" });
    expect(identity.body.toString()).toBe(script);
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(br.headers["content-encoding"]).toBe("br");
    // The very bytes the build wrote: nothing was compressed for this request.
    expect(br.body).toEqual(fs.readFileSync(path.join(dir, "entry-AbC123.js.br")));
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.body).toEqual(fs.readFileSync(path.join(dir, "entry-AbC123.js.gz")));
    for (const response of [identity, br, gzip]) {
      expect(response.headers["cache-control"]).toBe(assetCacheControl);
      expect(response.headers.vary).toBe("Accept-Encoding");
    }
    expect(new Set([identity, br, gzip].map((r) => r.headers.etag)).size).toBe(3);

    const again = await get("/assets/entry-AbC123.js", {
      "accept-encoding": "gzip",
      "if-none-match": gzip.headers.etag!,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get("/assets/app-XyZ.css", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(head.body.length).toBe(0);

    const tiny = await get("/assets/tiny-1.js", { "accept-encoding": "gzip, br" });
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body.toString()).toBe("1");
  });
});
