import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { isDatabaseUnavailable } from "~/db/database-errors.ts";

/**
 * A request that failed because the database was unreachable gets 503 with Retry-After, not 500:
 * nothing is wrong with the request, and trying again shortly will work (the pool reconnects).
 *
 * React Router renders a loader's or action's error itself, so the root middleware only sees the
 * finished 500. `handleError` (app/entry.server.tsx) sees the error first and marks the request's
 * context; the middleware then swaps the 500 for the 503.
 */
const unavailable = new WeakSet<Readonly<RouterContextProvider>>();

/** Seconds a client should wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

export function noteRequestError(context: Readonly<RouterContextProvider>, error: unknown): void {
  if (isDatabaseUnavailable(error)) unavailable.add(context);
}

const page = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Service briefly unavailable | ReferOH</title>
<style>body{font-family:system-ui,sans-serif;color:#0b1f3a;max-width:36rem;margin:4rem auto;padding:0 1.5rem;line-height:1.5}a{color:#0f766e}</style>
</head>
<body>
<main>
<h1>Service briefly unavailable</h1>
<p>We could not reach our database just now. Nothing you sent has been lost: please try again in a few seconds.</p>
<p><a href="">Try again</a></p>
</main>
</body>
</html>`;

/** The 503 itself: a short page for browsers, JSON for everything else. */
export function databaseUnavailableResponse(request: Request): Response {
  const headers = new Headers({
    "Retry-After": String(RETRY_AFTER_SECONDS),
    "Cache-Control": "no-store",
  });
  const url = new URL(request.url);
  const wantsHtml =
    (request.headers.get("accept") ?? "").includes("text/html") && !url.pathname.endsWith(".data");
  if (wantsHtml) {
    headers.set("Content-Type", "text/html; charset=utf-8");
    return new Response(page, { status: 503, headers });
  }
  headers.set("Content-Type", "application/json");
  return new Response(
    JSON.stringify({
      error: "database_unavailable",
      message: "The service is briefly unavailable. Please try again in a few seconds.",
    }),
    { status: 503, headers },
  );
}

export const databaseUnavailable: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    if (isDatabaseUnavailable(error)) return databaseUnavailableResponse(request);
    throw error;
  }
  if (response.status >= 500 && unavailable.has(context)) {
    return databaseUnavailableResponse(request);
  }
  return response;
};
