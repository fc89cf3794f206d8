import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";

/*
 * What answering a request ahead of Express needs (the pre-rendered pages, server/app.ts): the
 * headers Express's handlers would have set, and the protocol Express would have seen.
 */

/**
 * The headers `handlers` set on a response to a request for `path` that they set alike for every
 * such request (the security headers), read once from a response that records them.
 */
export function headersSetBy(handlers: RequestHandler[], path: string): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    locals: { cspNonce: "" },
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  const request = { method: "GET", url: path, path, headers: {} };
  for (const handler of handlers) handler(request as never, response as never, () => {});
  return [...headers];
}

export const strictTransportHeader = [
  "Strict-Transport-Security",
  "max-age=63072000; includeSubDomains",
] as const;

/**
 * `req.protocol` as Express works it out (express/lib/request.js), for a request answered ahead
 * of Express: the socket's, or the first X-Forwarded-Proto when the proxy is trusted.
 */
export function protocolOf(
  req: IncomingMessage,
  trust: (address: string | undefined, hop: number) => boolean,
): string {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
  if (!trust(req.socket.remoteAddress, 0)) return own;
  const header = req.headers["x-forwarded-proto"];
  const value = (Array.isArray(header) ? header[0] : header) || own;
  return value.split(",")[0]!.trim();
}
