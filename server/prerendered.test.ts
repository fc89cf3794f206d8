import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRERENDER_NONCE_PLACEHOLDER, PRERENDER_ORIGIN_PLACEHOLDER } from "~/lib/prerender.ts";
import { hasSessionCookie, prerenderedPages } from "./prerendered.ts";

describe("pre-rendered pages", () => {
  let dir: string;
  let base: string;
  let close: () => void;
  let nonceCounter = 0;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-prerendered-"));
    const page = (title: string) =>
      `<html><head><link rel="canonical" href="${PRERENDER_ORIGIN_PLACEHOLDER}/x"/></head><body>${title}<script nonce="${PRERENDER_NONCE_PLACEHOLDER}">1</script><script nonce="${PRERENDER_NONCE_PLACEHOLDER}">2</script></body></html>`;
    fs.writeFileSync(path.join(dir, "index.html"), page("home"));
    fs.mkdirSync(path.join(dir, "about"));
    fs.writeFileSync(path.join(dir, "about", "index.html"), page("about"));
    fs.writeFileSync(path.join(dir, "about.data"), "data");
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "assets", "index.html"), "never a page");
    fs.writeFileSync(path.join(dir, "favicon one.svg"), "<svg/>");

    const prerendered = prerenderedPages(dir, "https://referoh.example/");
    // Written after start-up: the build's files are listed once, not looked up per request.
    fs.writeFileSync(path.join(dir, "late.txt"), "late");
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = `nonce${++nonceCounter}`;
      next();
    });
    app.use(prerendered.pages);
    app.use(prerendered.guardStatic(express.static(dir, { index: false, redirect: false })));
    app.use((req, res) => res.status(404).send(`dynamic ${req.path}`));
    const server = app.listen(0);
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => {
    close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("serves each page with this response's nonce and the configured origin", async () => {
    const first = await (await fetch(`${base}/about`)).text();
    const second = await (await fetch(`${base}/about`)).text();
    expect(first).toContain('<link rel="canonical" href="https://referoh.example/x"/>');
    expect(first).not.toContain("prerender-");
    expect(first.match(/nonce="([^"]+)"/g)).toEqual([
      expect.stringMatching(/nonce="nonce\d+"/),
      expect.stringMatching(/nonce="nonce\d+"/),
    ]);
    expect(new Set(first.match(/nonce\d+/g)).size).toBe(1);
    expect(first.match(/nonce\d+/)![0]).not.toBe(second.match(/nonce\d+/)![0]);
    const home = await fetch(`${base}/`);
    expect(await home.text()).toContain("home");
    expect(home.headers.get("cache-control")).toBe("no-cache");
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
    expect(hasSessionCookie("session_token_hint=1")).toBe(false);
    expect(hasSessionCookie(undefined)).toBe(false);
  });

  it("answers only GET and HEAD", async () => {
    const response = await fetch(`${base}/about`, { method: "POST" });
    expect(await response.text()).toBe("dynamic /about");
  });
});
