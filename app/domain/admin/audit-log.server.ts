import { desc, eq } from "drizzle-orm";
import { auditEvent, user } from "~/db/schema/index.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import type { Page } from "~/domain/kernel/list.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { type AuditRow, conditionsFor } from "./audit-conditions.server.ts";
import type { AuditFilter } from "./audit-filter.ts";
import { readPage } from "./list.server.ts";

const auditPageSize = 50;

export async function searchAuditLog(
  scope: Scope,
  filter: AuditFilter,
): Promise<Page<AuditRow & { actorEmail: string | null }>> {
  const { db } = requireAdmin(scope);
  const where = await conditionsFor(scope, filter);
  return readPage(db, {
    table: auditEvent,
    where,
    page: filter.page,
    pageSize: auditPageSize,
    rows: async (limit, offset) => {
      const joined = await db
        .select({ event: auditEvent, actorEmail: user.email })
        .from(auditEvent)
        .leftJoin(user, eq(user.id, auditEvent.actorId))
        .where(where)
        .orderBy(desc(auditEvent.occurredAt), desc(auditEvent.id))
        .limit(limit)
        .offset(offset);
      return joined.map((r) => ({ ...r.event, actorEmail: r.actorEmail }));
    },
  });
}
