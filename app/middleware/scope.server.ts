import { createContext, data, type RouterContextProvider } from "react-router";
import { requestContext, runtimeContext } from "~/context.ts";
import { actorOfSession, type CurrentSession } from "~/domain/accounts/load-session.server.ts";
import type { RequestOrigin, SubjectActor } from "~/domain/kernel/actor.ts";
import { createScope, type Scope } from "~/domain/kernel/scope.ts";
import { currentSession } from "./session.server.ts";

/** This request's scope, built once however many loaders and actions ask. */
const scopeContext = createContext<Scope | null>(null);

export function requestOriginOf(context: Readonly<RouterContextProvider>): RequestOrigin {
  const info = context.get(requestContext);
  return { ip: info.ip, requestId: info.requestId };
}

/**
 * The scope of a request inside a signed-in area (docs/architecture.md §3b): the area middleware
 * has checked the session, so this only shapes it. Domain functions take it as their first
 * argument instead of an organisation or doctor id from the route.
 */
export function currentScope(context: Readonly<RouterContextProvider>): Scope {
  const existing = context.get(scopeContext);
  if (existing) return existing;
  const actor = actorOfSession(currentSession(context));
  if (!actor) throw data("Not found", { status: 404 });
  const scope = createScope(
    context.get(runtimeContext).database.db,
    actor,
    requestOriginOf(context),
    context.get(runtimeContext).adapters,
  );
  (context as RouterContextProvider).set(scopeContext, scope);
  return scope;
}

/** The scope of someone holding a valid assessment link, for that one referral. */
export function subjectScope(
  context: Readonly<RouterContextProvider>,
  link: Omit<SubjectActor, "role">,
): Scope<SubjectActor> {
  return createScope(
    context.get(runtimeContext).database.db,
    { role: "subject", ...link },
    requestOriginOf(context),
    context.get(runtimeContext).adapters,
  );
}

/**
 * The scope at a door open to people with and without a session (the consultation room): the
 * signed-in person's own, else the door's system scope, which checks the link the caller holds.
 */
export function visitorScope(
  context: Readonly<RouterContextProvider>,
  current: CurrentSession | null,
  door: string,
): Scope {
  const actor = (current && actorOfSession(current)) ?? { role: "system" as const, name: door };
  return createScope(
    context.get(runtimeContext).database.db,
    actor,
    requestOriginOf(context),
    context.get(runtimeContext).adapters,
  );
}
