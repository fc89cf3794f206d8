import { drainMailOutbox, OUTBOX_LEASE_MS } from "~/domain/kernel/mail-outbox.server.ts";
import { sendQueuedInvitation } from "~/domain/referrals/invitation-outbox.server.ts";
import { defineScheduledJob } from "./job.ts";

/**
 * Every minute, and at start-up: the e-mails a transition wrote to the outbox and no one sent
 * (the process died after the commit, or the mail server refused). While some still wait (held by
 * a sender that may have died, or failed), another pass follows when their lease ends
 * (docs/architecture.md §8, "The mail outbox").
 */
export const drainMailOutboxJob = defineScheduledJob({
  name: "mail-outbox-drain",
  schedule: "* * * * *",
  async handle(scope, runtime) {
    const { sent, waiting } = await drainMailOutbox(
      scope,
      { referral_invitation: sendQueuedInvitation },
      (error, row) =>
        runtime.logger.warn(
          { err: error, outboxId: row.id, kind: row.kind },
          "outbox e-mail failed; retrying later",
        ),
    );
    if (sent > 0) runtime.logger.info({ sent, waiting }, "outbox e-mails sent");
    if (waiting > 0)
      await runtime.jobs.send(drainMailOutboxJob.name, {}, { startAfter: OUTBOX_LEASE_MS / 1000 });
  },
});
