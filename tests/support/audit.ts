import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { auditEvent } from "~/db/schema/index.ts";
import type { Executor } from "~/domain/kernel/database.ts";

/**
 * The shadow-table attack a probe ran as the app role: in one transaction, a temporary table
 * named audit_event (its own temporary schema needs no privilege) holding a forged last link,
 * put ahead of public in the session's search path, then one real event recorded. The trigger
 * must link that event onto the trail's own last event, not the forged one.
 */
export async function recordEventBehindShadowTable(db: Database) {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`create temporary table audit_event (chain_seq bigint, hash text) on commit drop`,
    );
    await tx.execute(sql`insert into pg_temp.audit_event values (1000, ${"f".repeat(64)})`);
    await tx.execute(sql`set local search_path = pg_temp, public`);
    await tx.execute(
      sql`insert into public.audit_event (action, outcome) values ('test.shadowed', 'success')`,
    );
  });
}

/**
 * The audit events recorded about one object (a referral, report, consultation …), of one action
 * when `action` is given: what a test reads back to show a use case left its trail.
 */
export function auditEventsAbout(db: Executor, objectId: string, action?: string) {
  return db
    .select()
    .from(auditEvent)
    .where(
      and(eq(auditEvent.objectId, objectId), action ? eq(auditEvent.action, action) : undefined),
    );
}
