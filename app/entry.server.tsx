import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { requestContext, runtimeContext } from "~/context.ts";
import { errorForLog, isDatabaseUnavailable } from "~/db/database-errors.ts";
import { PRERENDER_NONCE_PLACEHOLDER } from "~/lib/prerender.ts";
import { noteRequestError } from "~/middleware/database-unavailable.server.ts";

export const streamTimeout = 5_000;

/**
 * A 403 or 404 thrown by a loader is an answer, not a fault: only real errors reach the log
 * (request logs already record every status).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  noteRequestError(context, error);
  const runtime = runtimeOf(context);
  // A lost database is logged once for the whole outage, with a count, not once per request.
  if (runtime && isDatabaseUnavailable(error)) {
    runtime.databaseOutage.noteUnavailable(error);
    return;
  }
  // Codes and names only: a failed query's message quotes its parameter values.
  const logged = { err: errorForLog(error), requestId: requestIdOf(context) };
  if (runtime) runtime.logger.error(logged, "request failed");
  else console.error(JSON.stringify(logged));
};

function runtimeOf(context: Readonly<RouterContextProvider>) {
  try {
    return context.get(runtimeContext);
  } catch {
    // Pre-rendering at build time runs without the server's runtime.
    return null;
  }
}

function requestIdOf(context: Readonly<RouterContextProvider>) {
  try {
    return context.get(requestContext).requestId;
  } catch {
    return undefined;
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The CSP nonce made for this response in server/app.ts; every inline script must carry it.
  // Pre-rendering at build time has no Express request: it gets a placeholder that the server
  // removes, since pre-rendered pages name their scripts by hash instead (server/prerendered.ts).
  const nonce = nonceOf(loadContext);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and pre-rendering get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // React moves a finished Suspense boundary that lands past this many bytes out of line and
        // reveals it by script after paint (up to 300 ms later): the header's account menu, some
        // 13 KB in, showed its disabled placeholder first on every signed-in page. Our pages
        // stream nothing late, so finished boundaries stay in place.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(JSON.stringify({ err: errorForLog(error) }));
        },
      },
    );
  });
}

function nonceOf(loadContext: RouterContextProvider): string {
  try {
    return loadContext.get(requestContext).nonce;
  } catch {
    return PRERENDER_NONCE_PLACEHOLDER;
  }
}
