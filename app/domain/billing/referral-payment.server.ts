import { and, eq } from "drizzle-orm";
import { creditLedger, invoice, paymentOrder } from "~/db/schema/index.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleOrders } from "~/domain/kernel/visibility.server.ts";
import type { ReferralPaymentFacts } from "./referral-payment.ts";
import { creditNoteForReferral } from "./refunds.server.ts";

/** How the employer paid for a referral and what came back, for the referral drawer. */
export async function describeReferralPayment(
  scope: Scope,
  {
    referralId,
    paymentMethod,
    orderId,
  }: {
    referralId: string;
    paymentMethod: "credits" | "order" | null;
    orderId: string | null;
  },
): Promise<ReferralPaymentFacts> {
  const { db, actor } = requireEmployer(scope);
  const { organisationId } = actor;
  const [movements, order, note] = await Promise.all([
    db
      .select({ amount: creditLedger.amount, reason: creditLedger.reason })
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.organisationId, organisationId),
          eq(creditLedger.referralId, referralId),
        ),
      ),
    orderId
      ? db
          .select({
            status: paymentOrder.status,
            totalPence: paymentOrder.totalPence,
            invoiceNumber: invoice.number,
          })
          .from(paymentOrder)
          .leftJoin(invoice, eq(invoice.orderId, paymentOrder.id))
          .where(and(eq(paymentOrder.id, orderId), visibleOrders(scope)))
          .then((rows) => rows[0] ?? null)
      : Promise.resolve(null),
    creditNoteForReferral(db, { organisationId, referralId }),
  ]);
  const creditsHeld = -movements.reduce((sum, m) => sum + m.amount, 0);
  const creditsReturned = movements
    .filter((m) => m.reason === "refund")
    .reduce((sum, m) => sum + m.amount, 0);
  return {
    method: paymentMethod,
    creditsHeld: Math.max(0, creditsHeld),
    creditsReturned,
    order,
    creditNote: note
      ? {
          id: note.id,
          number: note.number,
          totalPence: note.totalPence,
          refunded: note.refundStatus === "succeeded",
        }
      : null,
  };
}
