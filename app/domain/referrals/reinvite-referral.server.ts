import { addDays } from "date-fns";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { formatLongDate } from "~/lib/dates.ts";
import { lockEmployerReferral } from "./get-referral.server.ts";
import { queueInvitation } from "./invitation-outbox.server.ts";
import { invitationValidityDays, revokeInvitations } from "./invitations.server.ts";
import { canTransition, type ReferralStatus } from "./lifecycle.ts";
import { applyReferralTransition } from "./referral-transition.server.ts";

/** How long after a link lapsed the employer may still send a new one as the same referral. */
const reinvitationWindowDays = 30;

/**
 * The last moment a lapsed invitation may be sent again (docs/architecture.md §4, "Re-inviting
 * and closing"): 30 days after the link expired. The link expired `invitationValidityDays` after
 * the invitation, the rule the expiry sweep applies (expire-invitations.server.ts), so the window
 * is read from the referral's own `invited_at` rather than from when the sweep happened to run.
 */
export function reinvitationDeadline(invitedAt: Date): Date {
  return addDays(invitedAt, invitationValidityDays + reinvitationWindowDays);
}

/** Why this case cannot be sent a new invitation, in words the employer can act on. */
function reinvitationRefusal(status: ReferralStatus): string {
  if (status === "invited" || status === "in_progress")
    return "The employee's invitation is still open: send a reminder instead.";
  return "Only a referral whose invitation expired can be sent a new invitation.";
}

/**
 * Sends a lapsed invitation again, as the same referral (docs/architecture.md §4): a new link
 * with a new 14-day expiry, at no new cost (nothing is spent, nothing is charged: the referral
 * keeps what paid for it). Any link still on record stops working. Allowed within 30 days of the
 * expiry, by whoever of the organisation may see the referral (a manager only their own or one
 * they are named on); `referralKey` is the id or the public reference, and another organisation's
 * is not found. The move, its audit event and the invitation's outbox row are one transaction:
 * the e-mail is the first invitation's, made with its fresh link when it is sent (after the
 * commit, by the caller's `inviteSubject`, else by the outbox's worker).
 */
export async function reinviteReferral(
  scope: Scope,
  referralKey: string,
): Promise<{ id: string; reference: string; expiresAt: Date }> {
  const { actor, now } = requireEmployer(scope);
  return scope.db.transaction(async (tx) => {
    const current = await lockEmployerReferral(tx, scope, referralKey);
    if (!canTransition(current.status, "reinvited", actor.role))
      throw new DomainError("invalid_state", reinvitationRefusal(current.status));
    // An expired case was invited (the sweep lapses only invited cases); a row without the time
    // is not one this rule can judge, so it is refused rather than given an open window.
    if (!current.invitedAt)
      throw new DomainError("invalid_state", reinvitationRefusal(current.status));
    const deadline = reinvitationDeadline(current.invitedAt);
    if (now.getTime() > deadline.getTime())
      throw new DomainError(
        "invalid_state",
        `A new invitation can be sent only within ${reinvitationWindowDays} days of the link expiring; that ended on ${formatLongDate(deadline)}. Make a new referral to invite ${current.subjectName} again.`,
      );
    // The lapsed link was revoked when it expired; any other still on record stops now too.
    await revokeInvitations(tx, current.id, now);
    await applyReferralTransition(tx, scope, {
      referral: current,
      event: "reinvited",
      // The new link's 14 days, the automatic reminders at 3 and 7 days and the 24 hours between
      // the employer's reminders all count from the new invitation.
      set: { invitedAt: now, lastReminderAt: null, autoRemindersSent: 0 },
      activity: "reinvited",
      audit: {
        action: "referral.reinvite",
        details: { lapsedInvitationAt: current.invitedAt.toISOString() },
      },
      refusal: reinvitationRefusal,
    });
    await queueInvitation(tx, { referralId: current.id, now });
    return {
      id: current.id,
      reference: current.reference,
      expiresAt: addDays(now, invitationValidityDays),
    };
  });
}
