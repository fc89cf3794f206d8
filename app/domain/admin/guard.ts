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

/** A 1-based page number from the query string; anything odd is page 1. */
export function parsePage(value: string | null | undefined): number {
  const page = Number.parseInt(value ?? "", 10);
  return Number.isFinite(page) && page >= 1 && page <= 100_000 ? page : 1;
}

export interface Page<T> {
  rows: T[];
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
}

export function pageOf<T>(rows: T[], page: number, total: number, pageSize = adminPageSize) {
  return { rows, page, pageSize, total, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}
