import { eq } from "drizzle-orm";
import { referral, referralActivity } from "~/db/schema/index.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import type { PaymentOrder } from "~/domain/billing/orders.server.ts";
import type { Tx } from "./place-referral.server.ts";
import { transition } from "./states.ts";

/**
 * The billing confirmation hook for pay-per-referral orders: inside the order's transaction the
 * referral moves from awaiting payment to invited. A referral cancelled meanwhile stays cancelled.
 */
export async function confirmReferralPayment(
  tx: Tx,
  referralId: string,
  order: PaymentOrder,
  now = new Date(),
): Promise<void> {
  const [current] = await tx
    .select()
    .from(referral)
    .where(eq(referral.id, referralId))
    .for("update");
  if (
    !current ||
    current.organisationId !== order.organisationId ||
    current.status !== "awaiting_payment"
  )
    return;
  const status = transition(current.status, "payment_confirmed", "system");
  await tx
    .update(referral)
    .set({ status, invitedAt: now, updatedAt: now })
    .where(eq(referral.id, referralId));
  await tx.insert(referralActivity).values({
    referralId,
    organisationId: current.organisationId,
    kind: "invited",
    createdAt: now,
  });
  await recordAuditEvent(tx, {
    action: "referral.payment_confirmed",
    outcome: "success",
    object: { type: "referral", id: referralId },
    details: { orderId: order.id },
  });
}
