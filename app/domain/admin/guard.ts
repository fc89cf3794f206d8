import { type Actor, can } from "~/domain/access/permissions.ts";
import { ForbiddenError } from "~/domain/accounts/update-account.server.ts";

/**
 * Every admin console function starts here, so a loader or action reached without the area's
 * middleware (or a future route that forgets it) still refuses anyone but a two-factor admin.
 */
export function requireAdministrator(actor: Actor | null | undefined): asserts actor is Actor {
  if (!can(actor, "admin-area:view")) throw new ForbiddenError();
}

export { ForbiddenError };

/** Where an admin action came from, for the audit trail. */
export interface AdminRequest {
  ip: string | null;
  requestId: string;
}

export const adminPageSize = 25;

export { type Page, pageOf, parsePage } from "~/domain/kernel/list.ts";
