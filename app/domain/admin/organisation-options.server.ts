import { organisation } from "~/db/schema/index.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";

/** For filter menus: organisations whose name matches, at most 50. */
export async function organisationOptions(scope: Scope) {
  const { db } = requireAdmin(scope);
  return db
    .select({ id: organisation.id, name: organisation.name })
    .from(organisation)
    .orderBy(organisation.name)
    .limit(200);
}
