import { z } from "zod";
import {
  pendingRefunds,
  SETTLE_REFUND_JOB,
  settleRefund,
} from "~/domain/billing/settle-refund.server.ts";
import type { Runtime } from "~/services/runtime.server.ts";
import { defineJob, defineScheduledJob, type JobRuntime } from "./job.ts";

/** Refund jobs ask the payment provider for the money. */
type RefundRuntime = JobRuntime & Pick<Runtime, "payments">;

/**
 * A refund the provider refused or missed when the case ended, asked for again with the same
 * idempotency key (docs/decisions/0012-refunds-and-credit-notes.md).
 */
export const settleRefundJob = defineJob<
  { creditNoteId: string },
  RefundRuntime,
  typeof SETTLE_REFUND_JOB
>({
  name: SETTLE_REFUND_JOB,
  payload: z.object({ creditNoteId: z.string() }),
  async handle(scope, { payments, logger }, { creditNoteId }) {
    const outcome = await settleRefund(scope, payments, creditNoteId);
    logger.info({ creditNoteId, outcome }, "refund settled");
  },
});

/** Every 15 minutes: refunds whose retry job was lost (a crash between commit and queue). */
export const followUpRefundsJob = defineScheduledJob<RefundRuntime, "billing-refund-follow-up">({
  name: "billing-refund-follow-up",
  schedule: "*/15 * * * *",
  async handle(scope, { jobs }) {
    for (const creditNoteId of await pendingRefunds(scope))
      await jobs.send(settleRefundJob.name, { creditNoteId });
  },
});
