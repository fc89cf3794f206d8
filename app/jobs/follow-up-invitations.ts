import { expireInvitations } from "~/domain/referrals/expire-invitations.server.ts";
import { claimAutomaticReminders } from "~/domain/referrals/invitation-follow-up.server.ts";
import { defineScheduledJob } from "./job.ts";
import { sendReferralInvitationJob } from "./send-referral-invitation.ts";

/** Hourly (and at start-up): invitations past their time expire, due reminders are queued. */
export const followUpInvitationsJob = defineScheduledJob({
  name: "referral-follow-up",
  schedule: "5 * * * *",
  async handle(scope, { jobs, logger }) {
    const expired = await expireInvitations(scope);
    const due = await claimAutomaticReminders(scope, async (tx, r) => {
      await jobs.send(
        sendReferralInvitationJob.name,
        { referralId: r.id, kind: "reminder" },
        { tx },
      );
    });
    if (expired + due.length > 0)
      logger.info({ expired, reminded: due.length }, "invitation follow-up");
  },
});
