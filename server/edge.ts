import type { NextFunction, Request, Response } from "express";

/**
 * What the server refuses before React Router sees a request. Each of these once reached a route
 * and came back as a 500: the Fetch API's Request cannot be built for TRACE, PostgreSQL cannot
 * store a NUL, and a broken percent-escape throws where the path is decoded.
 */

/** The app's pages and forms use only these (forms post; nothing is PUT or DELETEd). */
const allowedMethods = ["GET", "HEAD", "POST"] as const;
const allowed = new Set<string>(allowedMethods);
/** The largest form of the app (the report editor) is far below this. */
const maxBodyBytes = 1024 * 1024;

/** Percent-decodes one part of the address; null when it is not valid UTF-8 or holds a NUL. */
function decodedOrNull(part: string): string | null {
  try {
    const decoded = decodeURIComponent(part.replace(/\+/g, " "));
    return decoded.includes("\u0000") ? null : decoded;
  } catch {
    return null;
  }
}

/** True when every part of the path and query decodes to clean text. */
export function isCleanAddress(url: string): boolean {
  const hashAt = url.indexOf("#");
  const withoutHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = withoutHash.indexOf("?");
  const path = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const query = queryAt === -1 ? "" : withoutHash.slice(queryAt + 1);
  if (decodedOrNull(path) === null) return false;
  for (const pair of query.split("&")) {
    for (const part of pair.split("=")) if (decodedOrNull(part) === null) return false;
  }
  return true;
}

function plain(res: Response, status: number, message: string) {
  res.status(status).type("text/plain").set("Cache-Control", "no-store").send(message);
}

export function edgeGuard(req: Request, res: Response, next: NextFunction) {
  if (!allowed.has(req.method)) {
    res.setHeader("Allow", allowedMethods.join(", "));
    // OPTIONS asks which methods there are: that is an answer, not an error.
    if (req.method === "OPTIONS") {
      res.status(204).end();
      return;
    }
    plain(res, 405, "Method not allowed.");
    return;
  }
  if (!isCleanAddress(req.originalUrl)) {
    plain(res, 400, "The address contains characters that are not allowed.");
    return;
  }
  const length = Number(req.headers["content-length"] ?? 0);
  if (Number.isFinite(length) && length > maxBodyBytes) {
    // Closing the connection: reading a body this size only to discard it is what an attacker wants.
    res.setHeader("Connection", "close");
    plain(res, 413, "The form is too large.");
    return;
  }
  next();
}
