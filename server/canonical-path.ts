import type { NextFunction, Request, Response } from "express";

/**
 * The address without a trailing slash, or null when it is already canonical. Leading slashes
 * (and backslashes) collapse to one, so `//example.com/` never becomes a redirect to another site.
 */
export function canonicalPath(url: string): string | null {
  const queryStart = url.indexOf("?");
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  const query = queryStart < 0 ? "" : url.slice(queryStart);
  if (path === "/" || !path.endsWith("/")) return null;
  // Index scans, not /\/+$/: that pattern is quadratic on a long run of slashes.
  let start = 0;
  // Backslashes too: browsers read "/\host" in a Location as "//host".
  while (path[start] === "/" || path[start] === "\\") start += 1;
  let end = path.length;
  while (end > start && path[end - 1] === "/") end -= 1;
  return `/${path.slice(start, end)}${query}`;
}

/**
 * Every page has one address, without a trailing slash (the links, the sitemap and the canonical
 * tags use it): `/register-interest/` answers with a permanent redirect to `/register-interest`
 * instead of rendering the same page under a second address. Only GET and HEAD: a redirected
 * POST would lose its body.
 */
export function trailingSlashRedirect(req: Request, res: Response, next: NextFunction) {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const target = canonicalPath(req.originalUrl);
  if (target === null) return next();
  res.redirect(301, target);
}
