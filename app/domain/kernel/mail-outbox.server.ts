import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { mailOutbox, type OutboxMessage } from "~/db/schema/index.ts";
import type { Mailer } from "~/services/mail/mailer.server.ts";
import type { Executor, Tx } from "./database.ts";
import { leaseFree, takeLease } from "./outbox-lease.ts";
import type { Scope } from "./scope.ts";

/**
 * The transactional outbox (docs/architecture.md §8, "The mail outbox"). Every e-mail a transition
 * causes is a row written by the transition's own transaction, so it exists exactly when the
 * transition commits: a crash after the commit cannot lose it, and a rolled-back transition sends
 * nothing. After the commit the caller sends its rows at once (`sendQueuedMail`: a safety alert
 * still reaches the on-call in seconds), and the worker's drain (`drainMailOutbox`, every minute
 * and at start-up) sends whatever a crash, a failed send or a lost request left.
 *
 * A sender first claims the row for a lease, so two senders never both send it, and the message
 * keeps one Message-ID on every attempt: the file outbox writes it once, and an SMTP relay can
 * tell a repeat. A row is marked sent only after the transport accepted it, so a crash between
 * the two sends it again under the same Message-ID rather than never.
 */

/** Long enough for any send to finish; a sender killed mid-send is retried after it. */
export const OUTBOX_LEASE_MS = 30_000;

type Row = typeof mailOutbox.$inferSelect;

/**
 * How a row made at send time is sent (a referral's invitation, whose link is a fresh token that
 * is never stored): "sent"; "dropped" when it is no longer wanted (the referral was cancelled);
 * "hidden" when this scope may not see what it is about, so the worker's scope sends it instead.
 */
export type SendAtSendTime = (
  scope: Scope,
  row: { referralId: string; messageId: string },
) => Promise<"sent" | "dropped" | "hidden">;

type SendersAtSendTime = Partial<Record<Row["kind"], SendAtSendTime>>;

/** What caused a batch of messages: when, the referral they are about, and a key if it may repeat. */
export interface MailCause {
  now: Date;
  referralId?: string | null;
  /**
   * For a cause that may run twice (a job pg-boss retries after its process died): each message
   * is keyed `<key>:<recipient>`, and a key already written is not written again.
   */
  key?: string;
}

/**
 * In the transition's transaction: the messages it causes. Returns the ids of the rows written,
 * for `sendQueuedMail` after the commit (none for a key written before).
 */
export async function queueMail(
  tx: Executor,
  cause: MailCause,
  messages: readonly OutboxMessage[],
): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = await tx
    .insert(mailOutbox)
    .values(
      messages.map((message) => ({
        kind: "message" as const,
        referralId: cause.referralId ?? null,
        message,
        dedupeKey: cause.key ? `${cause.key}:${message.to}` : null,
        createdAt: cause.now,
      })),
    )
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return rows.map((r) => r.id);
}

/** Whether a keyed cause already wrote its message to this recipient (see `MailCause.key`). */
export async function alreadyQueued(tx: Executor, key: string, to: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(eq(mailOutbox.dedupeKey, `${key}:${to}`));
  return row !== undefined;
}

/** The same on every attempt, and sortable by when the row was written (the file outbox's name). */
function outboxMessageId(row: Pick<Row, "id" | "createdAt">, publicUrl: string): string {
  const stamp = row.createdAt.toISOString().replace(/[:.]/g, "-");
  return `<${stamp}-${row.id}@${new URL(publicUrl).hostname}>`;
}

/**
 * Sends one row if no one else is sending it. "busy": another sender holds it, it was sent, it
 * was never committed, or this scope may not see what it is about; "dropped": it is no longer
 * wanted. A failed send releases the row for a later attempt, a little later each time, and throws.
 */
async function deliver(
  scope: Scope,
  senders: SendersAtSendTime,
  rowId: string,
): Promise<"sent" | "busy" | "dropped"> {
  const { db, now } = scope;
  const [claimed] = await db
    .update(mailOutbox)
    .set(takeLease(mailOutbox, now, OUTBOX_LEASE_MS))
    .where(and(eq(mailOutbox.id, rowId), isNull(mailOutbox.sentAt), leaseFree(mailOutbox, now)))
    .returning();
  if (!claimed) return "busy";
  const messageId = outboxMessageId(claimed, scope.adapters.publicUrl);
  let outcome: "sent" | "dropped" | "hidden";
  try {
    outcome = await sendRow(scope, senders, claimed, messageId);
  } catch (error) {
    const backoff = Math.min(claimed.attempts, 10) * 60_000;
    await db
      .update(mailOutbox)
      .set({ claimedUntil: new Date(now.getTime() + backoff) })
      .where(eq(mailOutbox.id, rowId));
    throw error;
  }
  if (outcome === "hidden") {
    await db.update(mailOutbox).set({ claimedUntil: null }).where(eq(mailOutbox.id, rowId));
    return "busy";
  }
  // A sent message is not kept: its health text and any link in it need not outlive the send.
  await db
    .update(mailOutbox)
    .set({ sentAt: now, messageId: outcome === "sent" ? messageId : null, message: null })
    .where(eq(mailOutbox.id, rowId));
  return outcome;
}

async function sendRow(
  scope: Scope,
  senders: SendersAtSendTime,
  row: Row,
  messageId: string,
): Promise<"sent" | "dropped" | "hidden"> {
  if (row.kind === "message") {
    if (!row.message) return "dropped";
    await scope.adapters.mailer.send({ ...row.message, messageId });
    return "sent";
  }
  const send = senders[row.kind];
  // A process that cannot make this kind leaves it to the worker, which can.
  if (!send || !row.referralId) return "hidden";
  return send(scope, { referralId: row.referralId, messageId });
}

/** Inside `transactionWithMail`: writes messages to the outbox in the transaction at hand. */
export type QueueMail = (
  messages: readonly OutboxMessage[],
  cause?: Omit<MailCause, "now">,
) => Promise<void>;

/**
 * A transition and the e-mails it causes: `work` runs in one transaction and queues its messages
 * there; once it commits they are sent (a failed send is the drain's), and if it throws nothing
 * was written and nothing is sent.
 */
export async function transactionWithMail<T>(
  scope: Scope,
  work: (tx: Tx, queue: QueueMail) => Promise<T>,
): Promise<T> {
  let queued: string[] = [];
  const result = await scope.db.transaction(async (tx) => {
    queued = [];
    return work(tx, async (messages, cause = {}) => {
      queued.push(...(await queueMail(tx, { ...cause, now: scope.now }, messages)));
    });
  });
  await sendQueuedMail(scope, queued);
  return result;
}

/**
 * A mailer whose `send` writes to the outbox in the transaction at hand, for code that composes
 * its messages as sends: inside `transactionWithMail`, they go once the transaction commits.
 */
export function outboxMailer(
  queue: QueueMail,
  cause: Omit<MailCause, "now"> = {},
): Pick<Mailer, "send"> {
  return {
    async send(message) {
      await queue([message], cause);
      return { messageId: "" };
    },
  };
}

/**
 * Right after the commit, by whoever made the transition: sends the rows it wrote. Never throws
 * (the transition has committed; the drain retries a failed send): returns how many went and how
 * many failed, with the first failure.
 */
export async function sendQueuedMail(
  scope: Scope,
  rowIds: readonly string[],
  senders: SendersAtSendTime = {},
): Promise<{ sent: number; failed: number; error?: unknown }> {
  let sent = 0;
  let failed = 0;
  let firstError: unknown;
  for (const id of rowIds) {
    try {
      if ((await deliver(scope, senders, id)) === "sent") sent++;
    } catch (error) {
      failed++;
      firstError ??= error;
    }
  }
  return failed > 0 ? { sent, failed, error: firstError } : { sent, failed };
}

/** The rows of one referral and kind not sent yet (a request sending what its transition wrote). */
export async function unsentRowsOf(
  db: Executor,
  referralId: string,
  kind: Row["kind"],
): Promise<string[]> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.referralId, referralId),
        eq(mailOutbox.kind, kind),
        isNull(mailOutbox.sentAt),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * The worker's pass: every row no one is sending, oldest first. Returns what it did and how many
 * rows still wait (held by a sender, or failed and waiting for their next attempt).
 */
export async function drainMailOutbox(
  scope: Scope,
  senders: SendersAtSendTime,
  onFailure: (error: unknown, row: { id: string; kind: Row["kind"] }) => void,
): Promise<{ sent: number; waiting: number }> {
  const { db, now } = scope;
  const due = await db
    .select({ id: mailOutbox.id, kind: mailOutbox.kind })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), leaseFree(mailOutbox, now)))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(200);
  let sent = 0;
  for (const row of due) {
    try {
      if ((await deliver(scope, senders, row.id)) === "sent") sent++;
    } catch (error) {
      onFailure(error, row);
    }
  }
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(isNull(mailOutbox.sentAt));
  return { sent, waiting: left?.n ?? 0 };
}
