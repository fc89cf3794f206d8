import type { Actor, RequestOrigin, SystemActor } from "./actor.ts";
import type { Adapters } from "./adapters.ts";
import type { Database } from "./database.ts";

/**
 * Everything a domain function needs to know about the call it serves (docs/architecture.md §3b):
 * the database, who is acting, where the request came from, the time it counts as, and the
 * adapters it may act through (mail, jobs, payments). The area middleware builds it once per
 * request (`app/middleware/scope.server.ts`); jobs build a system scope. Domain functions take it
 * as their first argument and read tenant tables only through the visibility builders in
 * `visibility.server.ts`, so tenant scoping follows from the actor rather than from each route
 * passing the right id, and they take no dependency argument beside it.
 */
export interface Scope<A extends Actor = Actor> {
  readonly db: Database;
  readonly actor: A;
  readonly origin: RequestOrigin;
  /** The instant the request or job counts as, read once from `adapters.clock`. */
  readonly now: Date;
  readonly adapters: Adapters;
}

export function createScope<A extends Actor>(
  db: Database,
  actor: A,
  origin: RequestOrigin,
  adapters: Adapters,
  now: Date = adapters.clock(),
): Scope<A> {
  return { db, actor, origin, now, adapters };
}

/** A scope for work no request asked for: a job, a webhook, a start-up task. */
export function systemScope(
  db: Database,
  name: string,
  adapters: Adapters,
  { requestId = `system:${name}`, now = adapters.clock() }: { requestId?: string; now?: Date } = {},
): Scope<SystemActor> {
  return { db, actor: { role: "system", name }, origin: { ip: null, requestId }, now, adapters };
}
