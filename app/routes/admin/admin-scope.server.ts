import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { sessionContext } from "~/context.ts";
import { parseFilter } from "~/domain/admin/list-filters.ts";
import type { AdminActor } from "~/domain/kernel/actor.ts";
import { isDomainError } from "~/domain/kernel/errors.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { currentScope } from "~/middleware/scope.server.ts";

/**
 * What every admin loader and action starts with: this request's scope (docs/architecture.md §3b),
 * checked for an administrator with a second factor. The layout's middleware already turned away
 * anyone else, and every admin domain function checks again; this check on the handler answers
 * anyone else 403 before a form is even read, so authorisation never depends on a route being
 * nested in the right layout.
 */
export function adminScope(context: Readonly<RouterContextProvider>): Scope<AdminActor> {
  if (context.get(sessionContext)?.actor.role !== "admin") throw forbidden();
  try {
    return requireAdmin(currentScope(context));
  } catch (error) {
    if (isDomainError(error)) throw forbidden();
    throw error;
  }
}

const forbidden = () => data({ home: null }, { status: 403 });

/** An admin list's loader: the scope, and the list's filter read from the query string. */
export function adminList<S extends z.ZodType>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  schema: S,
): { scope: Scope<AdminActor>; filter: z.output<S> } {
  const scope = adminScope(context);
  return { scope, filter: parseFilter(new URL(request.url).searchParams, schema) };
}
