import { data, type RouterContextProvider } from "react-router";
import { requestContext, runtimeContext, sessionContext } from "~/context.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import { can } from "~/domain/access/permissions.ts";
import type { AdminRequest } from "~/domain/admin/guard.ts";

/**
 * What every admin loader and action starts with. The layout's middleware already turned away
 * anyone else; this checks again on the handler itself, so authorisation never depends on a
 * route being nested in the right layout.
 */
export function adminRequest(context: Readonly<RouterContextProvider>): {
  db: ReturnType<typeof runtimeDb>;
  actor: Actor;
  request: AdminRequest;
} {
  const actor = context.get(sessionContext)?.actor ?? null;
  if (!actor || !can(actor, "admin-area:view")) {
    throw data({ home: null }, { status: 403 });
  }
  const info = context.get(requestContext);
  return {
    db: runtimeDb(context),
    actor,
    request: { ip: info.ip, requestId: info.requestId },
  };
}

function runtimeDb(context: Readonly<RouterContextProvider>) {
  return context.get(runtimeContext).database.db;
}
