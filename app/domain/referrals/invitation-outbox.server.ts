import { and, eq } from "drizzle-orm";
import { mailOutbox, referral } from "~/db/schema/index.ts";
import type { Tx } from "~/domain/kernel/database.ts";
import {
  type SendAtSendTime,
  sendQueuedMail,
  unsentRowsOf,
} from "~/domain/kernel/mail-outbox.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { organisationDisplayName } from "./organisation-name.server.ts";
import { sendReferralInvitation } from "./send-referral-invitation.server.ts";

/**
 * A referral's first invitation in the mail outbox (app/domain/kernel/mail-outbox.server.ts,
 * docs/architecture.md §8). The transition that invites (paid by credits, or the payment
 * confirmed) writes a row in its own transaction; the request that caused it sends at once after
 * the commit, and the worker drains whatever a crash, a failed send or a lost request left. The
 * message is made when it is sent: its link is a fresh token, never stored.
 */

/** In the transition's transaction: the invitation it causes. */
export async function queueInvitation(
  tx: Tx,
  { referralId, now }: { referralId: string; now: Date },
): Promise<void> {
  await tx.insert(mailOutbox).values({ kind: "referral_invitation", referralId, createdAt: now });
}

/**
 * Sends the invitation of an outbox row: "hidden" when the referral is not this scope's to see (a
 * deleted referral takes its rows with it), "dropped" when it no longer waits for an invitation
 * (cancelled, expired).
 */
export const sendQueuedInvitation: SendAtSendTime = async (scope, row) => {
  const [invited] = await scope.db
    .select()
    .from(referral)
    .where(and(eq(referral.id, row.referralId), visibleReferrals(scope)));
  if (!invited) return "hidden";
  if (invited.status !== "invited" && invited.status !== "in_progress") return "dropped";
  await sendReferralInvitation(scope, {
    referral: invited,
    organisationName: await organisationDisplayName(scope.db, invited.organisationId),
    kind: "initial",
    messageId: row.messageId,
  });
  return "sent";
};

/**
 * Right after the commit, in the request that invited: sends this referral's waiting invitation.
 * A referral invited without a row (before the outbox existed) gets one first. Throws when the
 * send failed (the row waits for the worker).
 */
export async function sendInvitationNow(scope: Scope, referralId: string): Promise<void> {
  const { db, now } = scope;
  const [any] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.referralId, referralId), eq(mailOutbox.kind, "referral_invitation")));
  if (!any) await db.transaction((tx) => queueInvitation(tx, { referralId, now }));
  const rows = await unsentRowsOf(db, referralId, "referral_invitation");
  const { error } = await sendQueuedMail(scope, rows, {
    referral_invitation: sendQueuedInvitation,
  });
  if (error) throw error;
}
