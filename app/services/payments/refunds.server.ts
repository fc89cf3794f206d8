import {
  type OrderReversal,
  pendingRefunds,
  settleRefund,
} from "~/domain/billing/refunds.server.ts";
import { notifyReferralDeclined } from "~/domain/referrals/notify-referral-declined.server.ts";
import type { Runtime } from "../runtime.server.ts";

export const SETTLE_REFUND_JOB = "billing-settle-refund";
export const REFUND_FOLLOW_UP_JOB = "billing-refund-follow-up";
export const REFERRAL_DECLINED_JOB = "referral-declined-notice";

/**
 * After the transaction that issued a credit note commits: ask the provider for the money now,
 * so the employer sees "Refunded" at once; if the provider fails, a job asks again with the same
 * idempotency key (docs/decisions/0012-refunds-and-credit-notes.md). Never throws: the case has already ended.
 */
export async function refundAfterCommit(runtime: Runtime, reversal: OrderReversal): Promise<void> {
  if (reversal.outcome !== "refunded") return;
  const creditNoteId = reversal.creditNote.id;
  try {
    await settleRefund(runtime.database.db, runtime.payments, creditNoteId);
  } catch (error) {
    runtime.logger.warn({ err: error, creditNoteId }, "refund failed; retrying in the background");
    await runtime.jobs
      .send(SETTLE_REFUND_JOB, { creditNoteId })
      .catch((err) => runtime.logger.error({ err, creditNoteId }, "refund retry not queued"));
  }
}

/** The employer's e-mail when the person declines: now, or from a job when mail is down. */
export async function tellEmployerDeclined(runtime: Runtime, referralId: string): Promise<void> {
  try {
    await notifyReferralDeclined(mailDeps(runtime), { referralId });
  } catch (error) {
    runtime.logger.warn({ err: error, referralId }, "declined e-mail failed; retrying later");
    await runtime.jobs
      .send(REFERRAL_DECLINED_JOB, { referralId })
      .catch((err) => runtime.logger.error({ err, referralId }, "declined e-mail not queued"));
  }
}

function mailDeps(runtime: Runtime) {
  return {
    db: runtime.database.db,
    mailer: runtime.mailer,
    publicUrl: runtime.config.PUBLIC_URL,
  };
}

export function registerRefundJobs(runtime: Runtime): void {
  const { jobs, database, logger } = runtime;
  jobs.register<{ creditNoteId: string }>(SETTLE_REFUND_JOB, async ({ creditNoteId }) => {
    const outcome = await settleRefund(database.db, runtime.payments, creditNoteId);
    logger.info({ creditNoteId, outcome }, "refund settled");
  });
  // Refunds whose retry job was lost (a crash between commit and queue) are picked up here.
  jobs.register(REFUND_FOLLOW_UP_JOB, async () => {
    for (const creditNoteId of await pendingRefunds(database.db))
      await jobs.send(SETTLE_REFUND_JOB, { creditNoteId });
  });
  jobs.schedule(REFUND_FOLLOW_UP_JOB, "*/15 * * * *");
  jobs.register<{ referralId: string }>(REFERRAL_DECLINED_JOB, async ({ referralId }) => {
    const { sent } = await notifyReferralDeclined(mailDeps(runtime), { referralId });
    logger.info({ referralId, sent }, "employer told a referral could not go ahead");
  });
}
