import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { sessionContext } from "~/context.ts";
import { parseFilter } from "~/domain/admin/list-filters.ts";
import type { AdminActor } from "~/domain/kernel/actor.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { refusalResponse } from "~/middleware/refusal.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";

/**
 * What every admin loader and action starts with: this request's scope (docs/architecture.md §3b),
 * checked for an administrator with a second factor. The layout's middleware already turned away
 * anyone else, and every admin domain function checks again; this check on the handler answers
 * anyone else before a form is even read, so authorisation never depends on a route being
 * nested in the right layout. The answer is the refusal map's (`refusalResponse`): 403 for
 * anyone who is not an administrator, 401 for an administrator without a second factor in this
 * session; the body only says there is no home to offer, as the area's error page expects.
 */
export function adminScope(context: Readonly<RouterContextProvider>): Scope<AdminActor> {
  try {
    if (context.get(sessionContext)?.actor.role !== "admin")
      throw new DomainError("forbidden", "Only an administrator can do this.");
    return requireAdmin(currentScope(context));
  } catch (error) {
    throw refusalResponse(error, () => ({ home: null }));
  }
}

/** An admin list's loader: the scope, and the list's filter read from the query string. */
export function adminList<S extends z.ZodType>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  schema: S,
): { scope: Scope<AdminActor>; filter: z.output<S> } {
  const scope = adminScope(context);
  return { scope, filter: parseFilter(new URL(request.url).searchParams, schema) };
}
