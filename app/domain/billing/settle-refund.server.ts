import { and, eq } from "drizzle-orm";
import { creditNote, paymentOrder } from "~/db/schema/index.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { auditActorOf } from "~/domain/kernel/actor.ts";
import { type Scope, systemScope } from "~/domain/kernel/scope.ts";
import { visibleCreditNotes } from "~/domain/kernel/visibility.server.ts";
import type { Runtime } from "~/services/runtime.server.ts";
import type { OrderReversal } from "./refunds.server.ts";

/** The queue name of a refund's retry: its job is `app/jobs/settle-refund.ts`. */
export const SETTLE_REFUND_JOB = "billing-settle-refund";

/** Refunds are the system's work on the provider's side, whoever ended the case. */
const refundsActor = "payments";

/**
 * Asks the provider to return a credit note's money. Idempotent twice over: a note already
 * refunded is left alone, and the provider sees the same idempotency key on every attempt.
 * A failure is recorded on the note and thrown, so the caller's job retries it.
 */
export async function settleRefund(
  scope: Scope,
  creditNoteId: string,
): Promise<"succeeded" | "already_refunded" | "not_found"> {
  const { db, now } = scope;
  const [row] = await db
    .select({ note: creditNote, order: paymentOrder })
    .from(creditNote)
    .innerJoin(paymentOrder, eq(paymentOrder.id, creditNote.orderId))
    .where(and(eq(creditNote.id, creditNoteId), visibleCreditNotes(scope)));
  if (!row) return "not_found";
  const { note, order } = row;
  if (note.refundStatus === "succeeded") return "already_refunded";
  let refunded:
    | { succeeded: true; providerRefundId: string }
    | { succeeded: false; error: unknown };
  try {
    const { providerRefundId } = await scope.adapters.payments.refund({
      order,
      amountPence: note.totalPence,
      idempotencyKey: `refund-${note.id}`,
    });
    refunded = { succeeded: true, providerRefundId };
  } catch (error) {
    refunded = { succeeded: false, error };
  }
  await db
    .update(creditNote)
    .set({
      refundAttempts: note.refundAttempts + 1,
      ...(refunded.succeeded
        ? {
            refundStatus: "succeeded" as const,
            providerRefundId: refunded.providerRefundId,
            refundedAt: now,
            lastRefundError: null,
          }
        : { lastRefundError: errorText(refunded.error) }),
    })
    .where(eq(creditNote.id, creditNoteId));
  await recordAuditEvent(db, {
    action: "billing.refund",
    outcome: refunded.succeeded ? "success" : "failure",
    actor: { ...auditActorOf(scope.actor), organisationId: note.organisationId },
    object: { type: "credit_note", id: creditNoteId },
    request: scope.origin,
    details: {
      number: note.number,
      orderId: order.id,
      ...(refunded.succeeded
        ? {
            totalPence: note.totalPence,
            provider: order.provider,
            providerRefundId: refunded.providerRefundId,
          }
        : {}),
    },
  });
  if (!refunded.succeeded) throw refunded.error;
  return "succeeded";
}

function errorText(error: unknown): string {
  return String((error as Error)?.message ?? error).slice(0, 500);
}

/** Credit notes whose money has not yet gone back: the retry job's work list. */
export async function pendingRefunds(scope: Scope, limit = 50): Promise<string[]> {
  const rows = await scope.db
    .select({ id: creditNote.id })
    .from(creditNote)
    .where(and(eq(creditNote.refundStatus, "pending"), visibleCreditNotes(scope)))
    .orderBy(creditNote.issuedAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * After the transaction that issued a credit note commits: ask the provider for the money now,
 * so the employer sees "Refunded" at once; if the provider fails, a job asks again with the same
 * idempotency key (docs/decisions/0012-refunds-and-credit-notes.md). Never throws: the case has
 * already ended. The refund is the system's, on the request that ended the case.
 */
export async function refundAfterCommit(
  scope: Scope,
  services: Pick<Runtime, "logger">,
  reversal: OrderReversal,
): Promise<void> {
  if (reversal.outcome !== "refunded") return;
  const creditNoteId = reversal.creditNote.id;
  const system = systemScope(scope.db, refundsActor, scope.adapters, {
    requestId: scope.origin.requestId,
  });
  try {
    await settleRefund(system, creditNoteId);
  } catch (error) {
    services.logger.warn({ err: error, creditNoteId }, "refund failed; retrying in the background");
    await scope.adapters.jobs
      .send(SETTLE_REFUND_JOB, { creditNoteId })
      .catch((err) => services.logger.error({ err, creditNoteId }, "refund retry not queued"));
  }
}
