import { eq } from "drizzle-orm";
import { organisation, referral } from "~/db/schema/index.ts";
import {
  type ConfirmationHooks,
  type EventOutcome,
  handlePaymentEvent,
  type PaymentEvent,
} from "~/domain/billing/orders.server.ts";
import {
  handleSubscriptionEvent,
  type SubscriptionEvent,
  type SubscriptionOutcome,
} from "~/domain/billing/subscription-events.server.ts";
import { confirmReferralPayment } from "~/domain/referrals/confirm-referral-payment.server.ts";
import { organisationDisplayName } from "~/domain/referrals/organisation-name.server.ts";
import { sendReferralInvitation } from "~/domain/referrals/send-referral-invitation.server.ts";
import type { Runtime } from "../runtime.server.ts";
import { invoiceSeller, requiresFullSeller } from "./index.server.ts";

function isSubscriptionEvent(event: PaymentEvent | SubscriptionEvent): event is SubscriptionEvent {
  return event.type === "membership.renewed" || event.type === "membership.ended";
}

/** What confirming an order touches beyond billing. */
export function paymentConfirmationHooks(runtime: Pick<Runtime, "config">): ConfirmationHooks {
  return {
    seller: invoiceSeller(runtime.config),
    requireFullSeller: requiresFullSeller(runtime.config),
    onReferralPaid: (tx, referralId, order) => confirmReferralPayment(tx, referralId, order),
    async describeBuyer(tx, organisationId) {
      const [row] = await tx
        .select({ name: organisation.name, address: organisation.address })
        .from(organisation)
        .where(eq(organisation.id, organisationId));
      const buyer: Record<string, string> = row ? { name: row.name } : { organisationId };
      if (row?.address) buyer.address = row.address;
      return buyer;
    },
  };
}

/**
 * The one way a provider's verdict is applied, for webhooks and the demo page alike. After the
 * transaction commits, a paid referral's subject is invited (an e-mail that fails is retried by a job).
 */
export async function confirmPayment(
  runtime: Runtime,
  event: PaymentEvent | SubscriptionEvent,
): Promise<EventOutcome | SubscriptionOutcome> {
  if (isSubscriptionEvent(event)) {
    return handleSubscriptionEvent(runtime.database.db, event, paymentConfirmationHooks(runtime));
  }
  const outcome = await handlePaymentEvent(
    runtime.database.db,
    event,
    paymentConfirmationHooks(runtime),
  );
  if (outcome !== "granted") return outcome;
  const [paid] = await runtime.database.db
    .select()
    .from(referral)
    .where(eq(referral.orderId, event.orderId));
  if (paid && paid.status === "invited") await inviteSubject(runtime, paid.id, "initial");
  return outcome;
}

/** Sends the invitation now; when mail is down, a job tries again with a fresh link. */
export async function inviteSubject(
  runtime: Runtime,
  referralId: string,
  kind: "initial" | "reminder",
): Promise<void> {
  const { db } = runtime.database;
  const [row] = await db.select().from(referral).where(eq(referral.id, referralId));
  if (!row) return;
  try {
    await sendReferralInvitation(
      { db, mailer: runtime.mailer, publicUrl: runtime.config.PUBLIC_URL },
      {
        referral: row,
        organisationName: await organisationDisplayName(db, row.organisationId),
        kind,
      },
    );
  } catch (error) {
    runtime.logger.warn(
      { err: error, referralId },
      "invitation e-mail failed; retrying in the background",
    );
    await runtime.jobs.send("referral-send-invitation", { referralId, kind });
  }
}
