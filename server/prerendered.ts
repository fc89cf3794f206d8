import { createHash } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import type { RequestHandler } from "express";
// Relative, not "~/": the build script (scripts/lib/build.ts) runs this file outside the bundle.
import {
  PRERENDER_INBOX_PLACEHOLDER,
  PRERENDER_NONCE_PLACEHOLDER,
  PRERENDER_ORIGIN_PLACEHOLDER,
} from "../app/lib/prerender.ts";
import {
  compressBrotli,
  type EncodedBody,
  type NegotiatedBody,
  negotiatedBody,
} from "./negotiated-body.ts";

/**
 * A signed-in visitor's header differs from the pre-rendered one, so requests that carry a
 * session cookie are rendered on demand instead (better-auth's cookie, with the __Host- prefix
 * used over https, or the __Secure- one of cookies set before it).
 */
const sessionCookie = /(?:^|;\s*)(?:__Secure-|__Host-)?[\w.-]*session_token=/;

export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return !!cookieHeader && sessionCookie.test(cookieHeader);
}

/**
 * Browsers revalidate on every visit (a sign-in must show at once), each time with the ETag, so
 * an unchanged page costs a 304; a CDN may keep the page for five minutes. A CDN must pass
 * requests that carry the session cookie through (docs/decisions/0007-prerendered-pages.md).
 */
export const prerenderedCacheControl = "public, max-age=0, s-maxage=300, must-revalidate";

/** Every file under the client directory outside assets/, by URL path (`/about/index.html`). */
function findClientFiles(clientDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== path.join(clientDir, "assets")) walk(full);
      } else {
        files.push(`/${path.relative(clientDir, full).split(path.sep).join("/")}`);
      }
    }
  };
  if (fs.existsSync(clientDir)) walk(clientDir);
  return files;
}

/** Every `index.html` the build pre-rendered under the client directory, by URL path. */
function findPrerenderedPages(clientDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const file of findClientFiles(clientDir)) {
    if (!file.endsWith("/index.html")) continue;
    const urlPath = file.slice(0, -"/index.html".length) || "/";
    pages.set(urlPath, fs.readFileSync(path.join(clientDir, file), "utf8"));
  }
  return pages;
}

/** Script elements the browser runs as code: not JSON data blocks such as JSON-LD. */
const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const dataBlockType = /\btype\s*=\s*["']?application\/(?:ld\+)?json/i;

/** CSP source expressions (`'sha256-…'`) for every inline script of a page, in page order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(inlineScript)) {
    if (/\bsrc\s*=/i.test(attributes) || dataBlockType.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** What a pre-rendered page needs from the deployment's configuration. */
interface PrerenderDeployment {
  publicUrl: string;
  /** The contact page's address for enquiries (SERVICE_INBOX). */
  serviceInbox: string;
}

/**
 * The page as every visitor gets it: absolute URLs on PUBLIC_URL, the inbox address, and no
 * nonce attributes (the policy names the scripts by hash, docs/decisions/0003-csp.md). The
 * address goes into HTML text, an attribute and the JSON of the page's data as it is: the
 * configuration admits only e-mail addresses, which hold nothing HTML or JSON would escape but
 * an apostrophe, harmless in all three.
 */
export function finishPrerenderedHtml(html: string, deployment: PrerenderDeployment): string {
  if (/[<>&"\\]/.test(deployment.serviceInbox))
    throw new Error("SERVICE_INBOX holds a character that would need escaping in a page");
  const origin = deployment.publicUrl.replace(/\/+$/, "");
  return html
    .replaceAll(PRERENDER_ORIGIN_PLACEHOLDER, origin)
    .replaceAll(PRERENDER_INBOX_PLACEHOLDER, deployment.serviceInbox)
    .replaceAll(` nonce="${PRERENDER_NONCE_PLACEHOLDER}"`, "");
}

/**
 * True for a file the build wrote with a placeholder in it (the contact page's `.data`, holding
 * the inbox placeholder): never served as it is; React Router answers it from the loader.
 */
function holdsPlaceholder(file: string): boolean {
  // Only a route's data is rendered from its loader; the images and text files beside it are not.
  if (!file.endsWith(".data")) return false;
  const text = fs.readFileSync(file, "utf8");
  return text.includes(PRERENDER_INBOX_PLACEHOLDER) || text.includes(PRERENDER_ORIGIN_PLACEHOLDER);
}

interface PrerenderedPage extends EncodedBody {
  gzip: Buffer;
  /** Null until compressed: brotli at its best quality takes some 80 ms a page. */
  br: Buffer | null;
  scriptHashes: string[];
}

/**
 * The compressed copies of one page, kept beside the build (`build/prerendered/<hash>.br|.gz`)
 * and keyed by the finished bytes, so a restart, or another process of a cluster, reads them
 * instead of compressing again. The build writes them for the PUBLIC_URL it is given; a server
 * on another address makes its own on the first start. A read-only build directory only means
 * compressing at every start.
 */
function cachedCompression(cacheDir: string, tag: string, encoding: "br" | "gz"): Buffer | null {
  try {
    return fs.readFileSync(path.join(cacheDir, `${tag}.${encoding}`));
  } catch {
    return null;
  }
}

function storeCompression(cacheDir: string, tag: string, encoding: "br" | "gz", bytes: Buffer) {
  try {
    fs.mkdirSync(cacheDir, { recursive: true });
    const file = path.join(cacheDir, `${tag}.${encoding}`);
    // Written aside and renamed, so a concurrent reader never sees half a file.
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, bytes);
    fs.renameSync(temporary, file);
  } catch {
    // read-only build directory: compressed again at the next start
  }
}

/** The build's directory of compressed pages, beside build/client. */
export function compressionCacheDir(clientDir: string): string {
  return path.join(path.dirname(clientDir), "prerendered");
}

/**
 * Loads every pre-rendered page, finished for the deployment, with gzip at once and brotli when
 * it is ready (off the main thread). Resolves `brotliReady` once every page has both.
 */
export function loadPrerenderedPages(
  clientDir: string,
  deployment: PrerenderDeployment,
): { pages: Map<string, PrerenderedPage>; brotliReady: Promise<void> } {
  const cacheDir = compressionCacheDir(clientDir);
  const pages = new Map<string, PrerenderedPage>();
  const pending: Promise<void>[] = [];
  for (const [urlPath, raw] of findPrerenderedPages(clientDir)) {
    const html = finishPrerenderedHtml(raw, deployment);
    const identity = Buffer.from(html, "utf8");
    const tag = createHash("sha256").update(identity).digest("base64url").slice(0, 27);
    let gzip = cachedCompression(cacheDir, tag, "gz");
    if (!gzip) {
      gzip = zlib.gzipSync(identity, { level: zlib.constants.Z_BEST_COMPRESSION });
      storeCompression(cacheDir, tag, "gz", gzip);
    }
    const page: PrerenderedPage = {
      identity,
      gzip,
      br: cachedCompression(cacheDir, tag, "br"),
      tag,
      scriptHashes: inlineScriptHashes(html),
    };
    pages.set(urlPath, page);
    if (!page.br)
      pending.push(
        compressBrotli(identity).then((brotli) => {
          page.br = brotli;
          storeCompression(cacheDir, tag, "br", brotli);
        }),
      );
  }
  return { pages, brotliReady: Promise.all(pending).then(() => undefined) };
}

function decodedPath(urlPath: string): string {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return "";
  }
}

interface PrerenderedMiddleware {
  /** Serves a pre-rendered page from memory, or passes on. */
  pages: RequestHandler;
  /**
   * Wraps the static file handler: only the files the build wrote (so a dynamic page costs no
   * file-system lookup), never the raw .html, and no cached .data for signed-in visitors.
   */
  guardStatic(handler: RequestHandler): RequestHandler;
  /**
   * True for a GET or HEAD of a pre-rendered page at exactly its address (no query string), by a
   * visitor who is not signed in: what `pages` answers without passing on.
   */
  isPage(req: IncomingMessage): boolean;
  /** Answers a request `isPage` admitted: the page at its address, or 304. */
  send(req: IncomingMessage, res: ServerResponse): void;
  /**
   * Each page by address, answered with `leading` (the security headers, whose policy the
   * page's own replaces) before its own, all worked out once, for the answers ahead of the
   * router (server/app.ts).
   */
  withHeaders(leading: readonly (readonly [string, string])[]): Map<string, NegotiatedBody>;
  paths: string[];
  brotliReady: Promise<void>;
}

/** True when the address carries a query string. */
function hasQuery(url: string | undefined): boolean {
  return url?.includes("?") ?? false;
}

/**
 * Pre-rendered pages are held in memory, finished for PUBLIC_URL and compressed once, and sent
 * with a CSP naming their inline scripts by hash (ADR 0003, 0007). This runs after the security
 * headers and the request log, and before the compression middleware, which it never needs.
 * `csp` makes the page's Content-Security-Policy from its script hashes.
 */
export function prerenderedPages(
  clientDir: string,
  deployment: PrerenderDeployment,
  csp: (scriptHashes: string[]) => string = (hashes) => `script-src 'self' ${hashes.join(" ")}`,
): PrerenderedMiddleware {
  // The client directory is fixed once built; URLs are decoded the way serve-static decodes them.
  const staticFiles = new Set(
    findClientFiles(clientDir).filter(
      (file) => !file.endsWith(".html") && !holdsPlaceholder(path.join(clientDir, file)),
    ),
  );
  const { pages, brotliReady } = loadPrerenderedPages(clientDir, deployment);
  const ownHeaders = (page: PrerenderedPage): [string, string][] => [
    ["Content-Security-Policy", csp(page.scriptHashes)],
    ["Content-Type", "text/html; charset=utf-8"],
    ["Cache-Control", prerenderedCacheControl],
  ];
  const withHeaders = (leading: readonly (readonly [string, string])[]) =>
    new Map(
      [...pages].map(([urlPath, page]) => [
        urlPath,
        negotiatedBody(page, ownHeaders(page), leading),
      ]),
    );
  const plain = withHeaders([]);

  /** The page at `urlPath`, in the encoding the request prefers, or 304 when it has it already. */
  function sendPage(urlPath: string, req: IncomingMessage, res: ServerResponse) {
    plain.get(urlPath)!.send(req, res);
  }

  return {
    paths: [...pages.keys()],
    brotliReady,
    pages(req, res, next) {
      if (req.method !== "GET" && req.method !== "HEAD") return next();
      if (!pages.has(req.path) || hasSessionCookie(req.headers.cookie)) return next();
      // A query may be a page's state (a tab, the pricing quiz's answers): rendered per request
      // by the page's loader, so each works without JavaScript (ADR 0014).
      if (hasQuery(req.url)) return next();
      sendPage(req.path, req, res);
    },
    isPage: (req) =>
      (req.method === "GET" || req.method === "HEAD") &&
      req.url !== undefined &&
      pages.has(req.url) &&
      !hasSessionCookie(req.headers.cookie) &&
      // A body on a GET is the edge guard's to judge (server/edge.ts).
      req.headers["content-length"] === undefined &&
      req.headers["transfer-encoding"] === undefined,
    send: (req, res) => sendPage(req.url ?? "", req, res),
    withHeaders,
    guardStatic(handler) {
      return (req, res, next) => {
        if (!staticFiles.has(decodedPath(req.path))) return next();
        if (req.path.endsWith(".data") && hasSessionCookie(req.headers.cookie)) return next();
        // The pre-rendered data answers no query; a loader that reads one is asked instead.
        if (req.path.endsWith(".data") && hasQuery(req.url)) return next();
        return handler(req, res, next);
      };
    },
  };
}
