import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener } from "node:http";
import path from "node:path";
import * as serverBuild from "virtual:react-router/server-build";
import compression from "compression";
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from "express";
import helmet from "helmet";
import { RouterContextProvider } from "react-router";
import { loadConfig } from "~/config.server.ts";
import { requestContext, runtimeContext } from "~/context.ts";
import { isDatabaseUnavailable } from "~/db/database-errors.ts";
import { prepareAccounts, setupLinkMessage } from "~/domain/accounts/prepare-accounts.server.ts";
import { setPublicOrigin } from "~/lib/public-origin.ts";
import { RETRY_AFTER_SECONDS } from "~/middleware/database-unavailable.server.ts";
import { attachConsultationSignalling, startRuntime } from "~/runtime.server.ts";
import type { Runtime } from "~/services/runtime.server.ts";
import { headersSetBy, protocolOf, strictTransportHeader } from "./ahead-of-router.ts";
import { loadPrecompressedAssets } from "./assets.ts";
import { trailingSlashRedirect } from "./canonical-path.ts";
import { cspDirectives, serializeCsp } from "./content-security-policy.ts";
import { documentUploadLimit, edgeGuard, maxBodyBytes, readBody } from "./edge.ts";
import type { NegotiatedBody } from "./negotiated-body.ts";
import { prerenderedPages } from "./prerendered.ts";
import { createRequestHandler } from "./react-router-handler.ts";
import { logWhenFinished, requestLogger } from "./request-log.ts";

// The bundle is also a React Router server build, so `react-router build` can pre-render pages
// through it (its preview server imports build/server/index.js as the server build).
export * from "virtual:react-router/server-build";
export type { Runtime };
export {
  attachConsultationSignalling,
  loadConfig,
  prepareAccounts,
  setupLinkMessage,
  startRuntime,
};

declare global {
  namespace Express {
    interface Locals {
      cspNonce: string;
      requestId: string;
    }
  }
}

export interface AppOptions {
  /** The built client assets; absent in development, where Vite serves them. */
  clientDir?: string;
  /** Development only: Vite injects inline scripts that carry no nonce. */
  relaxedCsp?: boolean;
}

function trustProxySetting(value: string | undefined): boolean | number | string {
  if (!value) return false;
  if (value === "true") return true;
  const hops = Number(value);
  return Number.isInteger(hops) ? hops : value;
}

export function createApp(runtime: Runtime, options: AppOptions = {}): RequestListener {
  const { config, logger } = runtime;
  let pagesAheadOfRouter: RequestListener | null = null;
  setPublicOrigin(config.PUBLIC_URL);
  const app = express();
  app.disable("x-powered-by");
  // Without TRUST_PROXY, req.ip is the socket address and X-Forwarded-For is ignored (docs/architecture.md §8).
  app.set("trust proxy", trustProxySetting(config.TRUST_PROXY));

  // What every response passes through first, in this order: its nonce, its log line, the edge's
  // refusals, the one address per page, and the security headers.
  const directives = cspDirectives(config.PUBLIC_URL, { relaxed: options.relaxedCsp });
  const logRequest = requestLogger(logger, () => runtime.databaseOutage.down);
  // The headers every response carries, set alike whatever was asked.
  const securityHeaders: RequestHandler[] = [
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          ...directives,
          "script-src": options.relaxedCsp
            ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
            : [(_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`, "'strict-dynamic'"],
        },
      },
      // Sent only over https, below; over plain http it would be ignored or, behind a misconfigured proxy, harmful.
      strictTransportSecurity: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
    }),
    // Only the video room may ask for the camera and microphone; nothing may ask for anything else.
    (req, res, next) => {
      const room = req.path.startsWith("/consultation/");
      res.setHeader(
        "Permissions-Policy",
        `camera=${room ? "(self)" : "()"}, microphone=${room ? "(self)" : "()"}`,
      );
      next();
    },
  ];
  const strictTransport: RequestHandler = (req, res, next) => {
    if (req.secure) res.setHeader(...strictTransportHeader);
    next();
  };
  // What every response passes through first, in this order: its nonce, its log line, the edge's
  // refusals, the one address per page, and the security headers.
  const front: RequestHandler[] = [
    (_req, res, next) => {
      res.locals.cspNonce = randomBytes(16).toString("base64");
      next();
    },
    logRequest,
    // Unknown methods, NUL bytes or broken escapes in the address: a 4xx here.
    edgeGuard,
    // The body, read within its limit however it is framed (413 past it), before any route.
    // The case documents' upload pages take a file of up to 10 MB; everything else 1 MB.
    readBody({ default: maxBodyBytes, routes: [documentUploadLimit] }),
    // One address per page: `/register-interest/` redirects to `/register-interest`.
    trailingSlashRedirect,
    ...securityHeaders,
    strictTransport,
  ];
  app.use(front);

  // The assessment link's token is in the address: no referrer to any other site, no copy in a
  // shared cache or the back/forward cache, and no search-engine indexing.
  // `same-origin`, not `no-referrer`: under `no-referrer` browsers send `Origin: null` with a form
  // posted without JavaScript, which the origin check (rightly) refuses; `same-origin` still sends
  // nothing at all to any other site.
  // A team invitation's link (/join/<token>) likewise.
  const tokenInAddress: express.RequestHandler = (_req, res, next) => {
    res.setHeader("Referrer-Policy", "same-origin");
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    res.setHeader("Cache-Control", "no-store");
    next();
  };
  app.use("/assessment", tokenInAddress);
  app.use("/join", tokenInAddress);
  if (options.clientDir) {
    // Pre-rendered pages are compressed once, when loaded, and sent ahead of the compression
    // middleware. Their scripts are named by hash: same-origin files by 'self', with no
    // 'strict-dynamic', so the modulepreload links need no nonce (ADR 0003, 0007).
    const prerendered = prerenderedPages(
      options.clientDir,
      { publicUrl: config.PUBLIC_URL, serviceInbox: config.SERVICE_INBOX },
      (hashes) => serializeCsp({ ...directives, "script-src": ["'self'", ...hashes] }),
    );
    app.use(prerendered.pages);
    // The pre-rendered pages at their exact addresses are answered ahead of Express's router,
    // which cost more than the page (docs/decisions/0007-prerendered-pages.md). The answer is
    // the one the app gives the same page (a test compares them). Its security headers are the
    // same every time, worked out once; its own CSP (script hashes) replaces the nonce-based one,
    // so it needs no nonce. Any other request, an address with a query string too, goes to the app.
    const pageHeaders = headersSetBy(securityHeaders, "/");
    const trust = app.get("trust proxy fn") as (
      address: string | undefined,
      hop: number,
    ) => boolean;
    // The hashed assets likewise, compressed by the build, never per request; their headers
    // are the pages' but for a policy that names no script (a script file runs none).
    const assets = loadPrecompressedAssets(path.join(options.clientDir, "assets"));
    const assetHeaders = headersSetBy(securityHeaders, "/assets/").map(
      ([name, value]): [string, string] =>
        name.toLowerCase() === "content-security-policy"
          ? [name, serializeCsp({ ...directives, "script-src": ["'self'"] })]
          : [name, value],
    );
    // Every header of every answer, but for HSTS and the request id, is worked out here once,
    // in the order the app sets them (a test compares the two ways): per request there is the
    // address lookup, the choice of encoding and one writeHead, as in bare Node `http`.
    const answers = new Map<
      string,
      { admits: (req: IncomingMessage) => boolean } & NegotiatedBody
    >();
    for (const [url, answer] of assets.withHeaders(assetHeaders))
      answers.set(url, { admits: assets.has, send: answer.send });
    for (const [url, answer] of prerendered.withHeaders(pageHeaders))
      answers.set(url, { admits: prerendered.isPage, send: answer.send });
    pagesAheadOfRouter = (req, res) => {
      const answer = req.url === undefined ? undefined : answers.get(req.url);
      if (!answer?.admits(req)) return app(req, res);
      const id = randomUUID();
      // Every answer here is a 200 or a 304, logged at info: no listener when that prints nothing.
      if (logger.isLevelEnabled("info")) logWhenFinished(logger, req, res, id);
      answer.send(
        req,
        res,
        protocolOf(req, trust) === "https"
          ? [...strictTransportHeader, "X-Request-Id", id]
          : ["X-Request-Id", id],
      );
    };
    app.use(compression());
    app.use(
      "/assets",
      express.static(path.join(options.clientDir, "assets"), {
        immutable: true,
        maxAge: "1y",
        index: false,
      }),
    );
    // Pre-rendered pages live in the client directory as <path>/index.html: never served raw
    // (placeholders unreplaced), and a directory never redirects to a trailing slash.
    app.use(
      prerendered.guardStatic(
        express.static(options.clientDir, { maxAge: "1h", index: false, redirect: false }),
      ),
    );
  } else {
    app.use(compression());
  }

  app.use(
    createRequestHandler({
      // Given a function, React Router rebuilds its route tables on every request; that is what
      // development's hot reload needs, and a fixed cost of every request in production.
      build:
        config.NODE_ENV === "production"
          ? serverBuild
          : () => import("virtual:react-router/server-build"),
      mode: config.NODE_ENV === "production" ? "production" : "development",
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(runtimeContext, runtime);
        context.set(requestContext, {
          requestId: res.locals.requestId,
          ip: req.ip ?? null,
          nonce: res.locals.cspNonce,
        });
        return context;
      },
    }),
  );

  // Anything React Router did not answer and that threw: a plain message, never a stack trace.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const unavailable = isDatabaseUnavailable(error);
    if (unavailable) runtime.databaseOutage.noteUnavailable(error);
    else req.log?.error({ err: error }, "unhandled error");
    if (res.headersSent) return;
    // A lost database is not the request's fault and passes: say when to try again.
    if (unavailable) {
      res
        .status(503)
        .set("Retry-After", String(RETRY_AFTER_SECONDS))
        .type("text/plain")
        .send("The service is briefly unavailable. Please try again in a few seconds.");
      return;
    }
    res.status(500).type("text/plain").send("Something went wrong on our side. Please try again.");
  });

  return pagesAheadOfRouter ?? app;
}
