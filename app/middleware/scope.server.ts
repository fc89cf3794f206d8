import { createContext, data, type RouterContextProvider } from "react-router";
import { requestContext, runtimeContext } from "~/context.ts";
import type { CurrentSession } from "~/domain/accounts/load-session.server.ts";
import type { Actor, RequestOrigin, SubjectActor } from "~/domain/kernel/actor.ts";
import { createScope, type Scope } from "~/domain/kernel/scope.ts";
import { currentSession } from "./session.server.ts";

/** This request's scope, built once however many loaders and actions ask. */
const scopeContext = createContext<Scope | null>(null);

/**
 * The kernel's actor for a signed-in session: the employer with the organisation they act for, the
 * doctor with their access flag, the administrator. Null for an employer with no organisation,
 * which no employer page can serve.
 */
function actorOfSession(current: CurrentSession): Actor | null {
  const { actor, organisation, user } = current;
  switch (actor.role) {
    case "employer":
      return organisation
        ? {
            role: "employer",
            userId: user.id,
            organisationId: organisation.id,
            organisationName: organisation.name,
            memberRole: organisation.memberRole,
          }
        : null;
    case "doctor":
      return {
        role: "doctor",
        userId: user.id,
        doctorActive: actor.doctorActive === true,
        twoFactorVerified: actor.twoFactorVerified,
      };
    case "admin":
      return { role: "admin", userId: user.id, twoFactorVerified: actor.twoFactorVerified };
  }
}

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
  );
}
