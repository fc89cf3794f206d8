import { and, desc, eq, lt, or, type SQL } from "drizzle-orm";
import { auditEvent } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { type AuditRow, conditionsFor } from "./audit-conditions.server.ts";
import type { AuditFilter } from "./audit-filter.ts";
import { csvLine } from "./csv.ts";
import { countRows } from "./list.server.ts";

/** An export is a file for an investigation, not a backup: past this, narrow the filter. */
const auditExportLimit = 50_000;

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
