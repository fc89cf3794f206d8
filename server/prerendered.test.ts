import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PRERENDER_INBOX_PLACEHOLDER,
  PRERENDER_NONCE_PLACEHOLDER,
  PRERENDER_ORIGIN_PLACEHOLDER,
} from "~/lib/prerender.ts";
import { listenForTest } from "~tests/support/listen.ts";
import { rawRequest } from "~tests/support/raw-http.ts";
import {
  compressionCacheDir,
  finishPrerenderedHtml,
  hasSessionCookie,
  inlineScriptHashes,
  prerenderedCacheControl,
  prerenderedPages,
} from "./prerendered.ts";

const deployment = {
  publicUrl: "https://referoh.example/",
  serviceInbox: "enquiries@referoh.example",
};
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("pre-rendered pages", () => {
  let dir: string;
  let base: string;
  let close: () => void;
  let clientDir: string;

  beforeAll(async () => {
    // build/client, so the compressed copies go to build/prerendered.
    const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-prerendered-"));
    dir = path.join(buildDir, "client");
    clientDir = dir;
    fs.mkdirSync(dir);
    const page = (title: string) =>
      `<html><head><link rel="canonical" href="${PRERENDER_ORIGIN_PLACEHOLDER}/x"/></head><body>${title}<script nonce="${PRERENDER_NONCE_PLACEHOLDER}">1</script><script nonce="${PRERENDER_NONCE_PLACEHOLDER}">${title}()</script>${"<p>long enough to compress</p>".repeat(50)}</body></html>`;
    fs.writeFileSync(path.join(dir, "index.html"), page("home"));
    fs.mkdirSync(path.join(dir, "about"));
    fs.writeFileSync(path.join(dir, "about", "index.html"), page("about"));
    fs.writeFileSync(path.join(dir, "about.data"), "data");
    // The contact page's address for enquiries is configuration: a placeholder in its page and data.
    fs.mkdirSync(path.join(dir, "contact"));
    fs.writeFileSync(
      path.join(dir, "contact", "index.html"),
      page(`<a href="mailto:${PRERENDER_INBOX_PLACEHOLDER}">${PRERENDER_INBOX_PLACEHOLDER}</a>`),
    );
    fs.writeFileSync(
      path.join(dir, "contact.data"),
      `[{"email":"${PRERENDER_INBOX_PLACEHOLDER}"}]`,
    );
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "assets", "index.html"), "never a page");
    fs.writeFileSync(path.join(dir, "favicon one.svg"), "<svg/>");

    const prerendered = prerenderedPages(dir, deployment);
    await prerendered.brotliReady;
    // Written after start-up: the build's files are listed once, not looked up per request.
    fs.writeFileSync(path.join(dir, "late.txt"), "late");
    const app = express();
    app.use(prerendered.pages);
    app.use(prerendered.guardStatic(express.static(dir, { index: false, redirect: false })));
    app.use((req, res) => res.status(404).send(`dynamic ${req.path}`));
    ({ base, close } = await listenForTest(app));
  });
  afterAll(() => {
    close();
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it("admits ahead of the router only a plain GET or HEAD of a page at its exact address", () => {
    const prerendered = prerenderedPages(dir, deployment);
    const admits = (method: string, url: string, headers: Record<string, string> = {}) =>
      prerendered.isPage({ method, url, headers } as never);
    expect(admits("GET", "/about")).toBe(true);
    expect(admits("HEAD", "/")).toBe(true);
    for (const url of ["/about?utm=x", "/about/", "/nowhere"])
      expect(admits("GET", url), url).toBe(false);
    expect(admits("POST", "/about")).toBe(false);
    // A request that carries a session or a body is the router's.
    const routersHeaders: Record<string, string>[] = [
      { cookie: "better-auth.session_token=x" },
      { "content-length": "5" },
      { "transfer-encoding": "chunked" },
    ];
    for (const headers of routersHeaders)
      expect(admits("GET", "/about", headers), Object.keys(headers)[0]).toBe(false);
  });

  it("serves each page finished for PUBLIC_URL, with no nonce and a CSP naming its scripts by hash", async () => {
    const response = await fetch(`${base}/about`, { headers: { "accept-encoding": "identity" } });
    const html = await response.text();
    expect(html).toContain('<link rel="canonical" href="https://referoh.example/x"/>');
    expect(html).not.toContain("prerender-");
    expect(html).not.toContain("nonce");
    expect(response.headers.get("content-security-policy")).toBe(
      `script-src 'self' ${sha256("1")} ${sha256("about()")}`,
    );
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("cache-control")).toBe(prerenderedCacheControl);
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(await (await fetch(`${base}/`)).text()).toContain("home");
  });

  it("sends brotli or gzip as the client accepts, each with its own ETag, and 304 when unchanged", async () => {
    const raw = (encoding: string, headers: Record<string, string> = {}) =>
      rawRequest(`${base}/about`, { "accept-encoding": encoding, ...headers });
    const identity = await raw("identity");
    const br = await raw("gzip, deflate, br, zstd");
    const gzip = await raw("gzip;q=1, br;q=0");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body)).toEqual(identity.body);
    expect(br.body.length).toBeLessThan(identity.body.length);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body)).toEqual(identity.body);
    expect(Number(gzip.headers["content-length"])).toBe(gzip.body.length);
    const tags = [identity, br, gzip].map((r) => r.headers.etag);
    expect(new Set(tags).size).toBe(3);

    const again = await raw("gzip", { "if-none-match": gzip.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // Another encoding's tag names other bytes.
    expect((await raw("gzip", { "if-none-match": br.headers.etag! })).status).toBe(200);
    const head = await fetch(`${base}/about`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("keeps the compressed pages beside the build, so the next start reads them", () => {
    const cached = fs.readdirSync(compressionCacheDir(clientDir)).sort();
    expect(cached.filter((f) => f.endsWith(".br"))).toHaveLength(3);
    expect(cached.filter((f) => f.endsWith(".gz"))).toHaveLength(3);
    expect(cached.some((f) => f.endsWith(".tmp"))).toBe(false);
    const brFile = path.join(
      compressionCacheDir(clientDir),
      cached.find((f) => f.endsWith(".br"))!,
    );
    fs.writeFileSync(brFile, zlib.brotliCompressSync("from the cache"));
    const reloaded = prerenderedPages(clientDir, deployment);
    expect(reloaded.paths.sort()).toEqual(["/", "/about", "/contact"]);
    fs.rmSync(brFile);
  });

  it("puts the configured inbox in the contact page, and leaves its data to the loader", async () => {
    const html = await (await fetch(`${base}/contact`)).text();
    expect(html).toContain(
      '<a href="mailto:enquiries@referoh.example">enquiries@referoh.example</a>',
    );
    expect(html).not.toContain("prerender-");
    // The build's data file holds the placeholder: React Router's loader answers it instead.
    expect(await (await fetch(`${base}/contact.data`)).text()).toBe("dynamic /contact.data");
    expect(() =>
      finishPrerenderedHtml(PRERENDER_INBOX_PLACEHOLDER, {
        ...deployment,
        serviceInbox: 'a"<b>@x.example',
      }),
    ).toThrow(/SERVICE_INBOX/);
  });

  it("hashes inline scripts only, not script files or JSON data blocks", () => {
    const html = finishPrerenderedHtml(
      `<script nonce="${PRERENDER_NONCE_PLACEHOLDER}">a()</script><script src="/x.js"></script><script type="application/ld+json">{"@id":"${PRERENDER_ORIGIN_PLACEHOLDER}/"}</script><script type="module" async="">import "/y.js";</script><script>a()</script>`,
      deployment,
    );
    expect(html).toContain('{"@id":"https://referoh.example/"}');
    expect(inlineScriptHashes(html)).toEqual([sha256("a()"), sha256('import "/y.js";')]);
  });

  it("never serves the raw files, and does not redirect directories", async () => {
    for (const p of ["/index.html", "/about/index.html", "/about/"]) {
      const response = await fetch(`${base}${p}`, { redirect: "manual" });
      expect(response.status, p).toBe(404);
      expect(await response.text()).toBe(`dynamic ${p}`);
    }
  });

  it("serves the build's own files and passes everything else on without a lookup", async () => {
    const icon = await fetch(`${base}/favicon%20one.svg`);
    expect(icon.status).toBe(200);
    expect(await icon.text()).toBe("<svg/>");
    for (const p of ["/late.txt", "/employer-dashboard", "/%E0%A4%A"]) {
      const response = await fetch(`${base}${p}`);
      expect(response.status, p).toBe(404);
      expect(await response.text(), p).toMatch(/^dynamic /);
    }
  });

  it("renders on demand for a signed-in visitor, page and data alike", async () => {
    const headers = { cookie: "theme=x; better-auth.session_token=abc" };
    expect(await (await fetch(`${base}/about`, { headers })).text()).toBe("dynamic /about");
    expect(await (await fetch(`${base}/about.data`, { headers })).text()).toBe(
      "dynamic /about.data",
    );
    expect(await (await fetch(`${base}/about.data`)).text()).toBe("data");
  });

  it("recognises better-auth's session cookie, with or without the secure prefix", () => {
    expect(hasSessionCookie("better-auth.session_token=a")).toBe(true);
    expect(hasSessionCookie("a=b; __Secure-better-auth.session_token=a")).toBe(true);
    expect(hasSessionCookie("a=b; __Host-referoh.session_token=a")).toBe(true);
    expect(hasSessionCookie("session_token_hint=1")).toBe(false);
    expect(hasSessionCookie(undefined)).toBe(false);
  });

  it("answers only GET and HEAD", async () => {
    const response = await fetch(`${base}/about`, { method: "POST" });
    expect(await response.text()).toBe("dynamic /about");
  });
});
