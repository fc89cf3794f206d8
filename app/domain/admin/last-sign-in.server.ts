import { and, eq, inArray, max, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { auditEvent, session } from "~/db/schema/index.ts";

/**
 * When each user last signed in: the later of their newest completed sign-in in the audit log
 * (password step or second factor) and their newest session. Sessions alone are not enough: they
 * are deleted at sign-out, expiry and revocation; the audit log keeps the fact.
 */
export async function lastSignIns(db: Database, userIds: string[]): Promise<Map<string, Date>> {
  const found = new Map<string, Date>();
  if (userIds.length === 0) return found;
  const keep = (id: string | null, at: Date | null) => {
    if (!id || !at) return;
    const when = new Date(at);
    const known = found.get(id);
    if (!known || known < when) found.set(id, when);
  };
  const audited = await db
    .select({ userId: auditEvent.actorId, at: max(auditEvent.occurredAt) })
    .from(auditEvent)
    .where(
      and(
        inArray(auditEvent.actorId, userIds),
        eq(auditEvent.outcome, "success"),
        or(
          eq(auditEvent.action, "auth.second_factor"),
          // A password sign-in that still needs a second factor is not a completed sign-in.
          and(eq(auditEvent.action, "auth.sign_in"), sql`${auditEvent.details}->>'next' is null`),
        ),
      ),
    )
    .groupBy(auditEvent.actorId);
  for (const row of audited) keep(row.userId, row.at);
  const sessions = await db
    .select({ userId: session.userId, at: max(session.createdAt) })
    .from(session)
    .where(inArray(session.userId, userIds))
    .groupBy(session.userId);
  for (const row of sessions) keep(row.userId, row.at);
  return found;
}
