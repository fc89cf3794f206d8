import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response } from "express";
import {
  createRequestHandler as createRouterHandler,
  type RouterContextProvider,
  type ServerBuild,
} from "react-router";

/**
 * React Router's Express adapter (`@react-router/express`), with one difference: the body is the
 * one server/edge.ts's readBody has already read within its limit, not the request's stream. The
 * adapter streams `req` into the Fetch Request itself, so a body could only be limited after the
 * router had started reading it, and the form check then buffered all of it (a 200 MB chunked
 * body grew the process by 800 MB). Everything else is the adapter's code as of 8.4.0: the
 * address from the Host (or a trusted X-Forwarded-Host), the abort signal when the client goes,
 * and the response written back with its headers.
 */
export function createRequestHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: Response) => RouterContextProvider;
}): RequestHandler {
  const handleRequest = createRouterHandler(options.build, options.mode);
  return async (req, res, next) => {
    try {
      const request = fetchRequestOf(req, res);
      const response = await handleRequest(request, options.getLoadContext(req, res));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function headersOf(requestHeaders: ExpressRequest["headers"]): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(requestHeaders)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

function fetchRequestOf(req: ExpressRequest, res: Response): Request {
  const [, forwardedPort] = req.app?.enabled("trust proxy")
    ? (req.get("X-Forwarded-Host")?.split(":") ?? [])
    : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const forwarded = Number.parseInt(forwardedPort ?? "", 10);
  const direct = Number.parseInt(hostPort ?? "", 10);
  const port = Number.isSafeInteger(forwarded)
    ? forwarded
    : Number.isSafeInteger(direct)
      ? direct
      : "";
  // An HTTP/1.0 request may carry no Host header at all (HAProxy's default health check does).
  const host = `${(req.hostname ?? "").split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  const signal = controller.signal;
  res.on("finish", () => {
    controller = null;
  });
  res.on("close", () => controller?.abort());
  const init: RequestInit = { method: req.method, headers: headersOf(req.headers), signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    // readBody runs ahead of this for every method that carries a body (server/app.ts).
    // raw-body's Buffer is backed by a plain ArrayBuffer (Buffer.concat), never a shared one.
    init.body = (res.locals.body as Uint8Array<ArrayBuffer> | undefined) ?? null;
  }
  return new Request(url.href, init);
}

async function sendResponse(res: Response, response: globalThis.Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
