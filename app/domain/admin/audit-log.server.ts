import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { auditEvent, referral, user } from "~/db/schema/index.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { containsPattern } from "~/lib/like-pattern.ts";
import { csvLine } from "./csv.ts";
import { type AdminRequest, type Page, pageOf, parsePage, requireAdministrator } from "./guard.ts";

export const auditPageSize = 50;
/** An export is a file for an investigation, not a backup: past this, narrow the filter. */
export const auditExportLimit = 50_000;

export interface AuditFilter {
  /** An e-mail address or a user id. */
  actor: string;
  organisationId: string;
  /** A case reference (`REF-` and six digits, or `OCC-` and five characters) or a referral id. */
  referral: string;
  /** An action or the start of one: `admin.` matches every admin action. */
  action: string;
  /** Inclusive UTC days, YYYY-MM-DD. */
  from: string;
  to: string;
  page: number;
}

const day = /^\d{4}-\d{2}-\d{2}$/;

export function parseAuditFilter(params: URLSearchParams): AuditFilter {
  const text = (name: string) => (params.get(name) ?? "").trim().slice(0, 200);
  const date = (name: string) =>
    day.test(text(name)) && !Number.isNaN(Date.parse(text(name))) ? text(name) : "";
  return {
    actor: text("actor"),
    organisationId: text("organisation"),
    referral: text("referral"),
    action: text("action"),
    from: date("from"),
    to: date("to"),
    page: parsePage(params.get("page")),
  };
}

export function auditFilterParams(filter: AuditFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.actor) params.set("actor", filter.actor);
  if (filter.organisationId) params.set("organisation", filter.organisationId);
  if (filter.referral) params.set("referral", filter.referral);
  if (filter.action) params.set("action", filter.action);
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  return params;
}

const impossible = eq(auditEvent.id, -1);

/** The filter as SQL; names the user or referral it resolves, or matches nothing. */
async function conditionsFor(db: Database, filter: AuditFilter): Promise<SQL | undefined> {
  const conditions: SQL[] = [];
  if (filter.actor) {
    const [found] = await db
      .select({ id: user.id })
      .from(user)
      .where(or(eq(user.email, filter.actor.toLowerCase()), eq(user.id, filter.actor)));
    conditions.push(found ? eq(auditEvent.actorId, found.id) : impossible);
  }
  if (filter.organisationId) {
    conditions.push(
      or(
        eq(auditEvent.organisationId, filter.organisationId),
        and(
          eq(auditEvent.objectType, "organisation"),
          eq(auditEvent.objectId, filter.organisationId),
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
        isId
          ? eq(referral.id, filter.referral)
          : eq(referral.reference, filter.referral.toUpperCase()),
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

export type AuditRow = typeof auditEvent.$inferSelect;

export async function searchAuditLog(
  db: Database,
  input: { actor: Actor; filter: AuditFilter },
): Promise<Page<AuditRow & { actorEmail: string | null }>> {
  requireAdministrator(input.actor);
  const where = await conditionsFor(db, input.filter);
  const [total] = await db.select({ count: count() }).from(auditEvent).where(where);
  const joined = await db
    .select({ event: auditEvent, actorEmail: user.email })
    .from(auditEvent)
    .leftJoin(user, eq(user.id, auditEvent.actorId))
    .where(where)
    .orderBy(desc(auditEvent.occurredAt), desc(auditEvent.id))
    .limit(auditPageSize)
    .offset((input.filter.page - 1) * auditPageSize);
  const rows = joined.map((r) => ({ ...r.event, actorEmail: r.actorEmail }));
  return pageOf(rows, input.filter.page, total?.count ?? 0, auditPageSize);
}

export const auditCsvHeader = [
  "id",
  "occurred_at_utc",
  "actor_id",
  "actor_role",
  "organisation_id",
  "action",
  "object_type",
  "object_id",
  "outcome",
  "ip",
  "request_id",
  "details",
];

/**
 * The filtered log as CSV, newest first, read in pages so a large export never holds the table
 * in memory. The export is itself an audited event, written before the file is produced.
 */
export async function exportAuditLogCsv(
  db: Database,
  input: { actor: Actor; filter: AuditFilter; request: AdminRequest },
): Promise<{ csv: string; rows: number }> {
  requireAdministrator(input.actor);
  const where = await conditionsFor(db, input.filter);
  const [total] = await db.select({ count: count() }).from(auditEvent).where(where);
  const rows = Math.min(total?.count ?? 0, auditExportLimit);
  const { page: _page, ...filter } = input.filter;
  await recordAuditEvent(db, {
    action: "admin.audit_exported",
    outcome: "success",
    actor: { id: input.actor.userId, role: input.actor.role },
    request: input.request,
    details: { filter, rows },
  });
  const parts = [csvLine(auditCsvHeader)];
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
    for (const e of chunk) {
      parts.push(
        csvLine([
          e.id,
          e.occurredAt,
          e.actorId,
          e.actorRole,
          e.organisationId,
          e.action,
          e.objectType,
          e.objectId,
          e.outcome,
          e.ip,
          e.requestId,
          JSON.stringify(e.details),
        ]),
      );
    }
    written += chunk.length;
    const last: AuditRow = chunk[chunk.length - 1]!;
    lastKey = { at: last.occurredAt, id: last.id };
  }
  return { csv: parts.join(""), rows: written };
}
