import type { Scope } from "~/domain/kernel/scope.ts";
import { invitationEmail } from "./invitation-email.ts";
import { issueInvitationToken, mailNewLink } from "./invitations.server.ts";
import type { Referral } from "./place-referral.server.ts";

/**
 * Mints a new link and e-mails it. The token exists only in this message: a retry mints another
 * rather than keeping a usable secret in a job queue.
 */
export async function sendReferralInvitation(
  scope: Scope,
  {
    referral,
    organisationName,
    kind,
    messageId,
  }: {
    referral: Referral;
    organisationName: string;
    kind: "initial" | "reminder";
    /** The outbox's Message-ID, the same on every attempt (invitation-outbox.server.ts). */
    messageId?: string;
  },
): Promise<void> {
  if (!referral.invitedAt) throw new Error(`Referral ${referral.id} has not been invited.`);
  const { token, expiresAt } = await issueInvitationToken(scope.db, {
    referralId: referral.id,
    invitedAt: referral.invitedAt,
    now: scope.now,
  });
  const link = new URL(`/assessment/${token}`, scope.adapters.publicUrl).toString();
  const mail = invitationEmail({
    kind,
    type: referral.type,
    subjectName: referral.subjectName,
    organisationName,
    jobRole: referral.jobRole,
    reference: referral.reference,
    link,
    expiresAt,
  });
  await mailNewLink(scope, {
    token,
    message: { to: referral.subjectEmail, ...mail, ...(messageId ? { messageId } : {}) },
  });
}
