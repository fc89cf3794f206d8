import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { PRERENDER_NONCE_PLACEHOLDER, PRERENDER_ORIGIN_PLACEHOLDER } from "~/lib/prerender.ts";

/**
 * A signed-in visitor's header differs from the pre-rendered one, so requests that carry a
 * session cookie are rendered on demand instead (better-auth's cookie, with or without the
 * __Secure- prefix used over https).
 */
const sessionCookie = /(?:^|;\s*)(?:__Secure-)?[\w.-]*session_token=/;

export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return !!cookieHeader && sessionCookie.test(cookieHeader);
}

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
export function findPrerenderedPages(clientDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const file of findClientFiles(clientDir)) {
    if (!file.endsWith("/index.html")) continue;
    const urlPath = file.slice(0, -"/index.html".length) || "/";
    pages.set(urlPath, fs.readFileSync(path.join(clientDir, file), "utf8"));
  }
  return pages;
}

function decodedPath(urlPath: string): string {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return "";
  }
}

export interface PrerenderedMiddleware {
  /** Serves a pre-rendered page with a fresh nonce, or passes on. */
  pages: RequestHandler;
  /**
   * Wraps the static file handler: only the files the build wrote (so a dynamic page costs no
   * file-system lookup), never the raw .html, and no cached .data for signed-in visitors.
   */
  guardStatic(handler: RequestHandler): RequestHandler;
  paths: string[];
}

/**
 * Pre-rendered pages are held in memory, already pointing at PUBLIC_URL, split at the nonce
 * placeholder so each response only joins the parts with this response's nonce (ADR 0003, 0007).
 * Everything else about the response — security headers, compression, logging — is the same
 * as for a server-rendered page, because this runs after those middlewares.
 */
export function prerenderedPages(clientDir: string, publicUrl: string): PrerenderedMiddleware {
  const origin = publicUrl.replace(/\/+$/, "");
  // The client directory is fixed once built; URLs are decoded the way serve-static decodes them.
  const staticFiles = new Set(findClientFiles(clientDir).filter((file) => !file.endsWith(".html")));
  const pages = new Map<string, string[]>();
  for (const [urlPath, html] of findPrerenderedPages(clientDir)) {
    pages.set(
      urlPath,
      html.replaceAll(PRERENDER_ORIGIN_PLACEHOLDER, origin).split(PRERENDER_NONCE_PLACEHOLDER),
    );
  }

  return {
    paths: [...pages.keys()],
    pages(req, res, next) {
      if (req.method !== "GET" && req.method !== "HEAD") return next();
      const parts = pages.get(req.path);
      if (!parts || hasSessionCookie(req.headers.cookie)) return next();
      res.status(200);
      res.type("html");
      // Revalidate every time: the nonce in the page must match this response's CSP header.
      res.setHeader("Cache-Control", "no-cache");
      res.send(parts.join(res.locals.cspNonce));
    },
    guardStatic(handler) {
      return (req, res, next) => {
        if (!staticFiles.has(decodedPath(req.path))) return next();
        if (req.path.endsWith(".data") && hasSessionCookie(req.headers.cookie)) return next();
        return handler(req, res, next);
      };
    },
  };
}
