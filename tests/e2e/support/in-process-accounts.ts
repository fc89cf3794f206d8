import type { APIResponse } from "@playwright/test";
import { request as playwrightRequest } from "@playwright/test";
import { PASSWORD } from "../auth/helpers.ts";
import type { InProcessServer } from "./in-process-server.ts";
import { expect } from "./test.ts";

/*
 * Accounts and requests for specs that run the production build in their own worker
 * (startInProcessServer): accounts are made through better-auth's adapter on that server's
 * runtime, and each role signs in over HTTP with the real form.
 */

/** A verified account with the suite's password, made on the server's own auth. */
export async function createAccountOn(
  runtime: InProcessServer["runtime"],
  role: "employer" | "admin",
  email: string,
  name: string,
): Promise<string> {
  const { internalAdapter, password: hasher } = await runtime.auth.$context;
  const [firstName, lastName] = name.split(" ");
  const created = await internalAdapter.createUser(
    { email, name, emailVerified: true, role, firstName, lastName },
    { method: "admin" },
  );
  await internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: await hasher.hash(PASSWORD),
  });
  return created.id as string;
}

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
