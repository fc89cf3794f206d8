import { RouterContextProvider } from "react-router";
import { requestContext, runtimeContext, sessionContext } from "~/context.ts";
import type { DatabaseHandle } from "~/db/client.server.ts";
import type { CurrentSession } from "~/domain/accounts/load-session.server.ts";
import type { Adapters } from "~/domain/kernel/adapters.ts";
import type { Runtime } from "~/services/runtime.server.ts";
import { testAdapters } from "~tests/support/adapters.ts";

/**
 * The context a route's loader or action runs in, as the server builds it for a request from `ip`:
 * the database, and a job queue that only records the names of the jobs it is sent in `jobsSent`.
 */
export function routeContext(
  database: DatabaseHandle,
  ip: string,
  jobsSent: string[],
): RouterContextProvider {
  const context = new RouterContextProvider();
  const jobs = {
    async send(name: string) {
      jobsSent.push(name);
      return null;
    },
  };
  context.set(runtimeContext, {
    database,
    jobs,
    adapters: testAdapters({ jobs: jobs as unknown as Adapters["jobs"] }),
  } as unknown as Runtime);
  context.set(requestContext, { ip, requestId: "test", nonce: "n" });
  return context;
}

/**
 * The session of an active doctor who has passed two-factor, as the doctor area's middleware
 * leaves it, set on a route's context; returns the context.
 */
export function signedInAsDoctor(
  context: RouterContextProvider,
  doctor: { id: string; name: string },
): RouterContextProvider {
  context.set(sessionContext, {
    actor: { role: "doctor", doctorActive: true, twoFactorVerified: true },
    user: doctor,
    organisation: null,
  } as unknown as CurrentSession);
  return context;
}

/** A form POST as a browser sends it without JavaScript; a list repeats its field. */
export function formPost(url: string, fields: Record<string, string | string[]>): Request {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const each of Array.isArray(value) ? value : [value]) body.append(name, each);
  return new Request(url, { method: "POST", body });
}

/** What the call threw (a route's `data(…)` refusal, a redirect, a database error); fails if it did not throw. */
export async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to throw");
}
