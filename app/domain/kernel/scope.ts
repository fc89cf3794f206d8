import type { Actor, RequestOrigin, SystemActor } from "./actor.ts";
import type { Database } from "./database.ts";

/**
 * Everything a domain function needs to know about the call it serves (docs/architecture.md §3b):
 * the database, who is acting, where the request came from and the time it counts as. The area
 * middleware builds it once per request (`app/middleware/scope.server.ts`); jobs build a system
 * scope. Domain functions take it as their first argument and read tenant tables only through the
 * visibility builders in `visibility.server.ts`, so tenant scoping follows from the actor rather
 * than from each route passing the right id.
 */
export interface Scope<A extends Actor = Actor> {
  readonly db: Database;
  readonly actor: A;
  readonly origin: RequestOrigin;
  readonly now: Date;
}

export function createScope<A extends Actor>(
  db: Database,
  actor: A,
  origin: RequestOrigin,
  now: Date = new Date(),
): Scope<A> {
  return { db, actor, origin, now };
}

/** A scope for work no request asked for: a job, a webhook, a start-up task. */
export function systemScope(
  db: Database,
  name: string,
  { requestId = `system:${name}`, now = new Date() }: { requestId?: string; now?: Date } = {},
): Scope<SystemActor> {
  return { db, actor: { role: "system", name }, origin: { ip: null, requestId }, now };
}
