import type { APIResponse } from "@playwright/test";
import { request as playwrightRequest } from "@playwright/test";
import { PASSWORD } from "../auth/helpers.ts";
import { expect } from "./test.ts";

/*
 * Requests for specs that run the production build in their own worker (startInProcessServer):
 * accounts are made on that server's runtime (runtime-accounts.ts), and each role signs in over
 * HTTP with the real form.
 */

// Where the access matrix spec finds it (tests/e2e/security/access-matrix.spec.ts).
export { createAccountOn } from "./runtime-accounts.ts";

/** An employer's signed-in request context, by /login's form. */
export async function employerRequests(origin: string, email: string) {
  const context = await playwrightRequest.newContext({ baseURL: origin });
  const response = await context.post("/login", {
    form: { intent: "sign-in", email, password: PASSWORD },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in of ${email}`).toBe(302);
  expect(response.headers().location).toMatch(/^\/employer-dashboard/);
  return context;
}

/** React Router's data request for a page: what client-side navigation fetches. */
export const dataUrl = (url: string) => {
  const [pathname, query] = url.split("?");
  return `${pathname}.data${query ? `?${query}` : ""}`;
};

/**
 * Status and redirect target, for a page and for its `.data` request alike: React Router answers a
 * redirect of a data request with 202 and the target in its turbo-stream body.
 */
export function answerOf(
  response: APIResponse,
  body: string,
): { status: number; location: string } {
  if (response.status() === 202 && body.startsWith('[["SingleFetchRedirect"')) {
    const redirect = /"redirect","([^"]*)","status",(\d+)/.exec(body);
    if (redirect) return { status: Number(redirect[2]), location: redirect[1]! };
  }
  return { status: response.status(), location: response.headers().location ?? "" };
}
