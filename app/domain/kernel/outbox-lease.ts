import { type Column, isNull, lt, or, type SQL, sql } from "drizzle-orm";

/*
 * The lease both outboxes send under (the mail outbox, docs/architecture.md §8, and the webhook
 * deliveries, docs/api.md): a sender takes a row for a while before it sends, so two senders
 * never send one row at once, and a sender that died mid-send loses the row when its lease ends.
 * Written once so the two outboxes cannot drift apart on what "free" means.
 */

/** An outbox table's lease columns: when its holder's lease ends, and how often it was tried. */
interface LeasedRows {
  claimedUntil: Column;
  attempts: Column;
}

/** A row no sender holds: never claimed, released, or its holder's lease has ended. */
export function leaseFree(rows: LeasedRows, now: Date): SQL {
  return or(isNull(rows.claimedUntil), lt(rows.claimedUntil, now)) as SQL;
}

/** What a sender writes to take a row for `leaseMs`: the lease's end, and one more attempt. */
export function takeLease(rows: LeasedRows, now: Date, leaseMs: number) {
  return {
    claimedUntil: new Date(now.getTime() + leaseMs),
    attempts: sql`${rows.attempts} + 1`,
  };
}
