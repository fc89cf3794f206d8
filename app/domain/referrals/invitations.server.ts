import { addDays } from "date-fns";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { assessmentInvitation, referral } from "~/db/schema/index.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { hashLinkToken, newLinkToken } from "~/lib/link-token.ts";
import type { MailMessage } from "~/services/mail/mailer.server.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** An assessment link works for 14 days from the first invitation; reminders do not extend it. */
export const invitationValidityDays = 14;

/**
 * A fresh 256-bit token for the referral's subject. Only its hash is stored; the token itself
 * exists only in the e-mail we are about to send.
 */
export async function issueInvitationToken(
  tx: Database | Tx,
  {
    referralId,
    invitedAt,
    now = new Date(),
    validDays = invitationValidityDays,
  }: { referralId: string; invitedAt: Date; now?: Date; validDays?: number },
): Promise<{ token: string; expiresAt: Date }> {
  const { token, tokenHash } = newLinkToken();
  const expiresAt = addDays(invitedAt, validDays);
  await tx
    .insert(assessmentInvitation)
    .values({ referralId, tokenHash, expiresAt, createdAt: now });
  return { token, expiresAt };
}

/**
 * E-mails a link just minted by `issueInvitationToken`. If the mail cannot be sent, the link is
 * revoked before the error goes on (so a job retries with a new one): an unsent link must not stay
 * valid, since nobody could ever have received it.
 */
export async function mailNewLink(
  scope: Scope,
  { token, message }: { token: string; message: MailMessage },
): Promise<void> {
  const revoke = () =>
    scope.db
      .update(assessmentInvitation)
      .set({ revokedAt: scope.now })
      .where(eq(assessmentInvitation.tokenHash, hashLinkToken(token)));
  try {
    const sent = await scope.adapters.mailer.send(message);
    // The message went out before, with an earlier link (a retry after a crash): this one never will.
    if (sent.duplicate) await revoke();
  } catch (error) {
    await revoke();
    throw error;
  }
}

type InvitationLookup =
  | { found: true; referral: typeof referral.$inferSelect; invitationId: string }
  | { found: false; reason: "unknown" | "expired" | "revoked" };

/** The referral a token opens, if the link is still good. Callers show one neutral page for every failure. */
export async function findReferralByInvitationToken(
  db: Database,
  token: string,
  now = new Date(),
): Promise<InvitationLookup> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { found: false, reason: "unknown" };
  const [row] = await db
    .select({ invitation: assessmentInvitation, referral })
    .from(assessmentInvitation)
    .innerJoin(referral, eq(referral.id, assessmentInvitation.referralId))
    .where(eq(assessmentInvitation.tokenHash, hashLinkToken(token)));
  if (!row) return { found: false, reason: "unknown" };
  if (row.invitation.revokedAt) return { found: false, reason: "revoked" };
  if (row.invitation.expiresAt.getTime() <= now.getTime())
    return { found: false, reason: "expired" };
  return { found: true, referral: row.referral, invitationId: row.invitation.id };
}

/** Cancelling a referral stops every link to it at once. */
export async function revokeInvitations(
  tx: Database | Tx,
  referralId: string,
  now = new Date(),
): Promise<void> {
  await tx
    .update(assessmentInvitation)
    .set({ revokedAt: now })
    .where(
      and(eq(assessmentInvitation.referralId, referralId), isNull(assessmentInvitation.revokedAt)),
    );
}
