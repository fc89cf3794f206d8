import { z } from "zod";
import {
  pendingRefunds,
  SETTLE_REFUND_JOB,
  settleRefund,
} from "~/domain/billing/settle-refund.server.ts";
import { defineJob, defineScheduledJob } from "./job.ts";

/**
 * A refund the provider refused or missed when the case ended, asked for again with the same
 * idempotency key (docs/decisions/0012-refunds-and-credit-notes.md).
 */
export const settleRefundJob = defineJob({
  name: SETTLE_REFUND_JOB,
  payload: z.object({ creditNoteId: z.string() }),
  async handle(scope, { logger }, { creditNoteId }) {
    const outcome = await settleRefund(scope, creditNoteId);
    logger.info({ creditNoteId, outcome }, "refund settled");
  },
});

/** Every 15 minutes: refunds whose retry job was lost (a crash between commit and queue). */
export const followUpRefundsJob = defineScheduledJob({
  name: "billing-refund-follow-up",
  schedule: "*/15 * * * *",
  async handle(scope) {
    for (const creditNoteId of await pendingRefunds(scope))
      await scope.adapters.jobs.send(settleRefundJob.name, { creditNoteId });
  },
});
