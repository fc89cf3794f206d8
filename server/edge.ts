import type { NextFunction, Request, RequestHandler, Response } from "express";
import getRawBody from "raw-body";

/**
 * What the server refuses before React Router sees a request, and the body it reads for it. Each of these once reached a route
 * and came back as a 500: the Fetch API's Request cannot be built for TRACE, PostgreSQL cannot
 * store a NUL, and a broken percent-escape throws where the path is decoded.
 */

/** The app's pages and forms use only these (forms post; nothing is PUT or DELETEd). */
const allowedMethods = ["GET", "HEAD", "POST"] as const;
const allowed = new Set<string>(allowedMethods);
/** The largest form of the app (the report editor) is far below this. */
export const maxBodyBytes = 1024 * 1024;

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
  next();
}

declare global {
  namespace Express {
    interface Locals {
      /** The request's body, read whole by readBody within its route's limit. */
      body?: Buffer;
    }
  }
}

interface BodyLimits {
  /** Every body not named below. */
  default: number;
  /** Routes that take more (file uploads), by a pattern of the whole path. */
  routes?: readonly { path: RegExp; limit: number }[];
}

/**
 * The case documents' upload pages (docs/architecture.md §4, "The case conversation"): a file of
 * up to 10 MB (app/services/files/limits.ts) with the form's few fields and multipart framing.
 */
export const documentUploadLimit = {
  path: /^\/(employer-referrals\/[^/]+|doctor\/cases\/[^/]+|assessment\/[^/]+)\/documents$/,
  limit: 10 * 1024 * 1024 + 64 * 1024,
};

/**
 * Reads a request's body within its limit, counting the bytes as they arrive, whatever the
 * framing: a declared Content-Length over the limit is refused before a byte is read, and a
 * chunked body is refused the moment it passes the limit. Only then does the router see the
 * body (server/react-router-handler.ts hands it on from res.locals.body). Reading whole bodies is
 * fine at these sizes; the form parser that follows has its own limits on fields
 * (app/middleware/edge.server.ts). raw-body is what Express's own body parsers use for this.
 */
export function readBody(limits: BodyLimits): RequestHandler {
  const routeLimits = limits.routes ?? [];
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    // Browsers never compress what they post; a compressed body could only be a bomb to unpack.
    const encoding = (req.headers["content-encoding"] ?? "identity").trim().toLowerCase();
    if (encoding !== "identity") {
      refuseUnread(res, 415, "Compressed request bodies are not accepted.");
      return;
    }
    const limit = routeLimits.find((r) => r.path.test(req.path))?.limit ?? limits.default;
    const length = req.headers["content-length"];
    getRawBody(req, { limit, length: length === undefined ? null : length }).then(
      (body) => {
        res.locals.body = body;
        next();
      },
      (error: { type?: string }) => {
        if (error.type === "entity.too.large") {
          refuseUnread(res, 413, "The form is too large.");
        } else if (error.type === "request.aborted") {
          // The client went away: there is no one to answer.
          req.destroy();
        } else {
          // The body ended before its declared length, or the stream failed.
          refuseUnread(res, 400, "The form could not be read. Please try again.");
        }
      },
    );
  };
}

/**
 * How long a refused connection stays half-open after its answer, reading nothing, so that the
 * client reads the answer before the connection is reset.
 */
export const refusalGraceMs = 2000;

/**
 * Answers without reading the rest of the body, and closes the connection: reading a body this
 * size only to discard it is what an attacker wants, and the unread rest cannot be skipped to
 * reach a next request on the same connection.
 *
 * Node closes a `Connection: close` socket the moment the answer is written. With the body's
 * rest unread, that close is a reset, and the reset can reach a client that is still sending
 * before it has read the answer: it then reports a broken pipe (EPIPE in Node, a network error
 * in a browser) instead of the 413. So the socket sends the answer and its end, stays paused
 * (the kernel's window holds the sender back), and is dropped after a short grace. This is
 * nginx's lingering close without the reading.
 */
function refuseUnread(res: Response, status: number, message: string) {
  res.setHeader("Connection", "close");
  const socket = res.socket;
  if (socket) {
    // Node's server calls destroySoon() once the answer is written (resOnFinish in _http_server).
    socket.destroySoon = () => {
      if (socket.writable) socket.end();
      setTimeout(() => socket.destroy(), refusalGraceMs).unref();
    };
  }
  plain(res, status, message);
}
