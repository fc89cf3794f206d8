import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { assessmentLinkThrottle } from "~/db/schema/index.ts";

/** Failed link lookups allowed per client in one window before every lookup is refused. */
export const LINK_FAILURE_LIMIT = 10;
export const LINK_FAILURE_WINDOW_MS = 15 * 60 * 1000;

function keyOf(ip: string | null): string {
  return `assessment-link:${ip ?? "unknown"}`;
}

/** True while this client has used up its failed tries in the current window. */
export async function isLinkThrottled(
  db: Database,
  ip: string | null,
  now = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select()
    .from(assessmentLinkThrottle)
    .where(eq(assessmentLinkThrottle.key, keyOf(ip)));
  if (!row) return false;
  if (now.getTime() - row.windowStartedAt.getTime() >= LINK_FAILURE_WINDOW_MS) return false;
  return row.failures >= LINK_FAILURE_LIMIT;
}

/**
 * Counts one failed lookup in a fixed window, atomically (one upsert), so concurrent requests
 * from one client on several app processes cannot under-count.
 */
export async function recordFailedLinkAttempt(
  db: Database,
  ip: string | null,
  now = new Date(),
): Promise<number> {
  const windowStart = new Date(now.getTime() - LINK_FAILURE_WINDOW_MS);
  const [row] = await db
    .insert(assessmentLinkThrottle)
    .values({ key: keyOf(ip), windowStartedAt: now, failures: 1 })
    .onConflictDoUpdate({
      target: assessmentLinkThrottle.key,
      set: {
        failures: sql`case when ${assessmentLinkThrottle.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz then 1 else ${assessmentLinkThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${assessmentLinkThrottle.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${assessmentLinkThrottle.windowStartedAt} end`,
      },
    })
    .returning({ failures: assessmentLinkThrottle.failures });
  return row?.failures ?? 1;
}

/** Drops windows that have ended (a daily job), so the table holds only current clients. */
export async function pruneLinkThrottle(db: Database, now = new Date()): Promise<number> {
  const rows = await db
    .delete(assessmentLinkThrottle)
    .where(
      sql`${assessmentLinkThrottle.windowStartedAt} <= ${new Date(now.getTime() - LINK_FAILURE_WINDOW_MS).toISOString()}::timestamptz`,
    )
    .returning({ key: assessmentLinkThrottle.key });
  return rows.length;
}
