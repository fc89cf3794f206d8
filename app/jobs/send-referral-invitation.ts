import { z } from "zod";
import { sendQueuedInvitation } from "~/domain/referrals/send-queued-invitation.server.ts";
import { defineJob } from "./job.ts";

/** Retries of invitation e-mails, and the automatic reminders: each mints a fresh link. */
export const sendReferralInvitationJob = defineJob({
  name: "referral-send-invitation",
  payload: z.object({ referralId: z.string(), kind: z.enum(["initial", "reminder"]) }),
  async handle(scope, _runtime, payload) {
    await sendQueuedInvitation(scope, payload);
  },
});
