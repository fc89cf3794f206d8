import type { OutboxMessage } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import type { Tx } from "~/domain/kernel/database.ts";
import { queueMail, sendQueuedMail } from "~/domain/kernel/mail-outbox.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";

/**
 * A job's batch of due referrals (the safety re-alert, the SLA warning): each in a transaction of
 * its own that first claims it, so concurrent runs or processes take each once, then writes its
 * e-mails to the mail outbox and records `action` about it. `work` returns the audit details, or
 * null when the claim was lost and it wrote nothing. The e-mails of all go once every referral is
 * done (a failed send is the drain's). Returns how many were taken.
 */
export async function claimDueReferrals<R extends { id: string; organisationId: string }>(
  scope: Scope,
  due: readonly R[],
  action: string,
  work: (
    tx: Tx,
    queue: (messages: readonly OutboxMessage[]) => Promise<void>,
    referral: R,
  ) => Promise<Record<string, unknown> | null>,
): Promise<number> {
  let taken = 0;
  const queued: string[] = [];
  for (const r of due) {
    await scope.db.transaction(async (tx) => {
      const queue = async (messages: readonly OutboxMessage[]) => {
        queued.push(...(await queueMail(tx, { now: scope.now, referralId: r.id }, messages)));
      };
      const details = await work(tx, queue, r);
      if (!details) return;
      await recordAuditEventAs(
        scope,
        {
          action,
          outcome: "success",
          organisationId: r.organisationId,
          object: { type: "referral", id: r.id },
          details,
        },
        tx,
      );
      taken += 1;
    });
  }
  await sendQueuedMail(scope, queued);
  return taken;
}
