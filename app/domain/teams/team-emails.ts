import type { MemberRole } from "~/db/schema/auth.ts";
import { memberRoleWithArticle } from "~/domain/kernel/team-permissions.ts";
import { formatLongDate } from "~/lib/dates.ts";
import type { MailMessage } from "~/services/mail/mailer.server.ts";

const signature = "\n\nReferOH\nOnline occupational health for UK employers";

/** What each role will be able to do, in the invitation's words. */
const roleDuties: Record<MemberRole, string> = {
  owner: "make referrals, read every report, manage billing and the team",
  hr_admin: "make referrals, read every report, manage billing and invite managers",
  manager: "make referrals and read the reports of the referrals you make or are named on",
};

/** The team invitation: who invited, to which organisation, as what, and until when. */
export function teamInvitationEmail(input: {
  to: string;
  inviterName: string;
  organisationName: string;
  role: MemberRole;
  link: string;
  expiresAt: Date;
}): MailMessage {
  return {
    to: input.to,
    subject: `${input.inviterName} invited you to join ${input.organisationName} on ReferOH`,
    text: `Hello,\n\n${input.inviterName} has invited you to join ${input.organisationName} on ReferOH, the occupational health service, as ${memberRoleWithArticle[input.role]}. You will be able to ${roleDuties[input.role]}.\n\nAccept the invitation here:\n\n${input.link}\n\nThe link works once, until ${formatLongDate(input.expiresAt)}. If you already have a ReferOH account, sign in with it when asked; otherwise you will choose a password.\n\nIf you were not expecting this, you can ignore this message.${signature}`,
  };
}

/** Told to the person removed from a team, so that losing access is never a mystery. */
export function removedFromTeamEmail(input: { to: string; organisationName: string }): MailMessage {
  return {
    to: input.to,
    subject: `You no longer have access to ${input.organisationName} on ReferOH`,
    text: `Hello,\n\nYou have been removed from ${input.organisationName} on ReferOH, so you can no longer see its referrals or reports. The referrals you made stay with the organisation.\n\nIf you think this is a mistake, contact the organisation's HR team.${signature}`,
  };
}
