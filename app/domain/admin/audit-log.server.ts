import { and, desc, eq, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import { auditEvent, referral, user } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import { containsPattern, type Page } from "~/domain/kernel/list.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import type { AuditFilter } from "./audit-filter.ts";
import { csvLine } from "./csv.ts";
import { countRows, readPage } from "./list.server.ts";

const auditPageSize = 50;
/** An export is a file for an investigation, not a backup: past this, narrow the filter. */
const auditExportLimit = 50_000;

const impossible = eq(auditEvent.id, -1);

/** The filter as SQL; names the user or referral it resolves, or matches nothing. */
async function conditionsFor(scope: Scope, filter: AuditFilter): Promise<SQL | undefined> {
  const { db } = scope;
  const conditions: SQL[] = [];
  if (filter.actor) {
    const [found] = await db
      .select({ id: user.id })
      .from(user)
      .where(or(eq(user.email, filter.actor.toLowerCase()), eq(user.id, filter.actor)));
    conditions.push(found ? eq(auditEvent.actorId, found.id) : impossible);
  }
  if (filter.organisation) {
    conditions.push(
      or(
        eq(auditEvent.organisationId, filter.organisation),
        and(
          eq(auditEvent.objectType, "organisation"),
          eq(auditEvent.objectId, filter.organisation),
        ),
      ) as SQL,
    );
  }
  if (filter.referral) {
    const isId = /^[0-9a-f-]{36}$/i.test(filter.referral);
    const [found] = await db
      .select({ id: referral.id })
      .from(referral)
      .where(
        and(
          isId
            ? eq(referral.id, filter.referral)
            : eq(referral.reference, filter.referral.toUpperCase()),
          visibleReferrals(scope),
        ),
      );
    conditions.push(
      found
        ? (and(eq(auditEvent.objectType, "referral"), eq(auditEvent.objectId, found.id)) as SQL)
        : impossible,
    );
  }
  if (filter.action) {
    conditions.push(ilike(auditEvent.action, `${containsPattern(filter.action).slice(1, -1)}%`));
  }
  if (filter.from)
    conditions.push(gte(auditEvent.occurredAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) {
    const end = new Date(`${filter.to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(auditEvent.occurredAt, end));
  }
  return conditions.length ? and(...conditions) : undefined;
}

type AuditRow = typeof auditEvent.$inferSelect;

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

/** The export's columns, each header beside the field it shows, so the two cannot drift apart. */
const auditCsvColumns: [header: string, cell: (e: AuditRow) => unknown][] = [
  ["id", (e) => e.id],
  ["occurred_at_utc", (e) => e.occurredAt],
  ["actor_id", (e) => e.actorId],
  ["actor_role", (e) => e.actorRole],
  ["organisation_id", (e) => e.organisationId],
  ["action", (e) => e.action],
  ["object_type", (e) => e.objectType],
  ["object_id", (e) => e.objectId],
  ["outcome", (e) => e.outcome],
  ["ip", (e) => e.ip],
  ["request_id", (e) => e.requestId],
  ["details", (e) => JSON.stringify(e.details)],
];

/**
 * The filtered log as CSV, newest first, read in pages so a large export never holds the table
 * in memory. The export is itself an audited event, written before the file is produced.
 */
export async function exportAuditLogCsv(
  scope: Scope,
  filter: AuditFilter,
): Promise<{ csv: string; rows: number }> {
  const { db } = requireAdmin(scope);
  const where = await conditionsFor(scope, filter);
  const rows = Math.min(await countRows(db, auditEvent, where), auditExportLimit);
  const { page: _page, ...filterDetails } = filter;
  await recordAuditEventAs(
    scope,
    {
      action: "admin.audit_exported",
      details: { filter: filterDetails, rows },
    },
    db,
  );
  const parts = [csvLine(auditCsvColumns.map(([header]) => header))];
  const batch = 1000;
  let lastKey: { at: Date; id: number } | null = null;
  let written = 0;
  while (written < rows) {
    const after: SQL | undefined = lastKey
      ? (or(
          lt(auditEvent.occurredAt, lastKey.at),
          and(eq(auditEvent.occurredAt, lastKey.at), lt(auditEvent.id, lastKey.id)),
        ) as SQL)
      : undefined;
    const chunk: AuditRow[] = await db
      .select()
      .from(auditEvent)
      .where(and(where, after))
      .orderBy(desc(auditEvent.occurredAt), desc(auditEvent.id))
      .limit(Math.min(batch, rows - written));
    if (chunk.length === 0) break;
    for (const e of chunk) parts.push(csvLine(auditCsvColumns.map(([, cell]) => cell(e))));
    written += chunk.length;
    const last: AuditRow = chunk[chunk.length - 1]!;
    lastKey = { at: last.occurredAt, id: last.id };
  }
  return { csv: parts.join(""), rows: written };
}
