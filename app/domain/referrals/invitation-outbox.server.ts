import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { mailOutbox, referral } from "~/db/schema/index.ts";
import type { Tx } from "~/domain/kernel/database.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import type { Mailer } from "~/services/mail/mailer.server.ts";
import { organisationDisplayName } from "./organisation-name.server.ts";
import { sendReferralInvitation } from "./send-referral-invitation.server.ts";

/**
 * The transactional outbox for invitation e-mails (docs/decisions/0010-hardening-at-the-edge.md).
 * The transition that invites (paid by credits, or the payment confirmed) writes a row in its own
 * transaction; the request that caused it sends at once after the commit, and the worker drains
 * whatever a crash, a failed send or a lost request left. A sender claims the row for a short
 * lease first, so the two never both send it, and the message keeps one Message-ID on every
 * attempt, so the file outbox writes it once and an SMTP relay can tell a repeat.
 */

/** Long enough for any send to finish; a sender killed mid-send is retried after it. */
export const OUTBOX_LEASE_MS = 30_000;

type Row = typeof mailOutbox.$inferSelect;

/** In the transition's transaction: the invitation it causes. */
export async function queueInvitation(
  tx: Tx,
  { referralId, now }: { referralId: string; now: Date },
): Promise<void> {
  await tx.insert(mailOutbox).values({ kind: "referral_invitation", referralId, createdAt: now });
}

/** The same on every attempt, and sortable by when the row was written (the file outbox's name). */
function outboxMessageId(row: Pick<Row, "id" | "createdAt">, publicUrl: string): string {
  const stamp = row.createdAt.toISOString().replace(/[:.]/g, "-");
  return `<${stamp}-${row.id}@${new URL(publicUrl).hostname}>`;
}

interface OutboxDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

/**
 * Sends one row if no one else is sending it. "busy": another sender holds it (or it was sent),
 * or the referral is not this scope's to see; "dropped": the referral no longer waits for an
 * invitation (cancelled, expired). A failed send
 * releases the row for a later attempt and throws.
 */
async function deliver(
  scope: Scope,
  deps: OutboxDeps,
  row: Row,
  now: Date,
): Promise<"sent" | "busy" | "dropped"> {
  const [claimed] = await deps.db
    .update(mailOutbox)
    .set({
      claimedUntil: new Date(now.getTime() + OUTBOX_LEASE_MS),
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(
      and(
        eq(mailOutbox.id, row.id),
        isNull(mailOutbox.sentAt),
        or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, now)),
      ),
    )
    .returning();
  if (!claimed) return "busy";
  const [invited] = await deps.db
    .select()
    .from(referral)
    .where(and(eq(referral.id, row.referralId), visibleReferrals(scope)));
  if (!invited) {
    // Not this scope's to see (a deleted referral takes its rows with it): the worker's is.
    await deps.db.update(mailOutbox).set({ claimedUntil: null }).where(eq(mailOutbox.id, row.id));
    return "busy";
  }
  if (invited.status !== "invited" && invited.status !== "in_progress") {
    await deps.db.update(mailOutbox).set({ sentAt: now }).where(eq(mailOutbox.id, row.id));
    return "dropped";
  }
  const messageId = outboxMessageId(claimed, deps.publicUrl);
  try {
    await sendReferralInvitation(deps, {
      referral: invited,
      organisationName: await organisationDisplayName(deps.db, invited.organisationId),
      kind: "initial",
      now,
      messageId,
    });
  } catch (error) {
    // Free for the next attempt, a little later each time.
    const backoff = Math.min(claimed.attempts, 10) * 60_000;
    await deps.db
      .update(mailOutbox)
      .set({ claimedUntil: new Date(now.getTime() + backoff) })
      .where(eq(mailOutbox.id, row.id));
    throw error;
  }
  await deps.db.update(mailOutbox).set({ sentAt: now, messageId }).where(eq(mailOutbox.id, row.id));
  return "sent";
}

/**
 * Right after the commit, in the request that invited: sends this referral's waiting invitation.
 * A referral invited without a row (before the outbox existed) gets one first.
 */
export async function sendInvitationNow(
  scope: Scope,
  deps: Omit<OutboxDeps, "db">,
  referralId: string,
): Promise<void> {
  const { db, now } = scope;
  let rows = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.referralId, referralId), eq(mailOutbox.kind, "referral_invitation")));
  if (rows.length === 0) {
    await db.transaction((tx) => queueInvitation(tx, { referralId, now }));
    rows = await db.select().from(mailOutbox).where(eq(mailOutbox.referralId, referralId));
  }
  for (const row of rows) if (!row.sentAt) await deliver(scope, { db, ...deps }, row, now);
}

/**
 * The worker's pass: every row no one is sending, oldest first. Returns what it did and how many
 * rows still wait (held by a sender, or failed and waiting for their next attempt).
 */
export async function drainInvitationOutbox(
  scope: Scope,
  deps: Omit<OutboxDeps, "db">,
  onFailure: (error: unknown, referralId: string) => void,
): Promise<{ sent: number; waiting: number }> {
  const { db, now } = scope;
  const due = await db
    .select()
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, now)),
      ),
    )
    .orderBy(asc(mailOutbox.createdAt))
    .limit(200);
  let sent = 0;
  for (const row of due) {
    try {
      if ((await deliver(scope, { db, ...deps }, row, now)) === "sent") sent++;
    } catch (error) {
      onFailure(error, row.referralId);
    }
  }
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(isNull(mailOutbox.sentAt));
  return { sent, waiting: left?.n ?? 0 };
}
