import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import { type Logger, logSerializers } from "~/services/logger.server.ts";

/** `/assessment/<token>/…` with the token replaced, for logs. */
export function redactPath(path: string): string {
  return path
    .replace(/^\/assessment\/[^/]+/, "/assessment/[token]")
    .replace(/^\/join\/[^/]+/, "/join/[token]");
}

/**
 * One line per response: its id (also sent as X-Request-Id), method, path, status and time.
 * The query string can carry tokens, so only the path is logged, and never an assessment link's
 * token. Response headers are left out: they were a kilobyte per line and said nothing new.
 */
export function requestLogger(
  logger: Logger,
  /** True while the database is away: its 503s are counted in the outage's lines instead. */
  databaseDown: () => boolean = () => false,
): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (_req, res) => {
      const id = randomUUID();
      res.setHeader("X-Request-Id", id);
      res.locals.requestId = id;
      return id;
    },
    customLogLevel: (_req, res, error) =>
      res.statusCode === 503 && databaseDown() ? "silent" : levelOf(res.statusCode, error),
    serializers: {
      ...logSerializers,
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        path: redactPath(req.url.split("?")[0] ?? ""),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}

function levelOf(statusCode: number, error?: unknown): "error" | "warn" | "info" {
  return error || statusCode >= 500 ? "error" : statusCode >= 400 ? "warn" : "info";
}

/**
 * The same line, for a response answered ahead of Express (the pre-rendered pages, server/app.ts)
 * without pino-http's per-request child logger, which cost a tenth of such a response. The caller
 * sends `id` as X-Request-Id with the response's other headers.
 */
export function logWhenFinished(
  logger: Logger,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
) {
  const started = Date.now();
  res.once("finish", () => {
    const level = levelOf(res.statusCode);
    if (!logger.isLevelEnabled(level)) return;
    logger[level](
      {
        req: { id, method: req.method, path: redactPath(req.url?.split("?")[0] ?? "") },
        res: { statusCode: res.statusCode },
        responseTime: Date.now() - started,
      },
      "request completed",
    );
  });
}
