import { addHours } from "date-fns";
import { and, eq, isNull } from "drizzle-orm";
import { webhookDelivery, webhookEndpoint } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleWebhookDeliveries } from "~/domain/kernel/visibility.server.ts";
import { requireIntegrationsManager } from "./integrations-guard.ts";
import { webhookRetryHours } from "./webhook-outbox.server.ts";

/**
 * "Send again" in the delivery log (docs/api.md): the same message (same `webhook-id`, so the
 * receiver can tell a repeat) is due again now, with a fresh 24 hours of retries from now. Its
 * endpoint must be switched on.
 */
export async function resendWebhookDelivery(scope: Scope, deliveryId: string): Promise<void> {
  const { db, now } = requireIntegrationsManager(scope);
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: webhookDelivery.id, disabledAt: webhookEndpoint.disabledAt })
      .from(webhookDelivery)
      .innerJoin(webhookEndpoint, eq(webhookEndpoint.id, webhookDelivery.endpointId))
      .where(and(eq(webhookDelivery.id, deliveryId), visibleWebhookDeliveries(scope)));
    if (!found) throw new DomainError("not_found", "Delivery not found.");
    if (found.disabledAt)
      throw new DomainError("invalid_state", "Switch the endpoint back on before sending again.");
    await tx
      .update(webhookDelivery)
      .set({ status: "pending", nextAttemptAt: now, retryUntil: addHours(now, webhookRetryHours) })
      .where(
        and(
          eq(webhookDelivery.id, deliveryId),
          visibleWebhookDeliveries(scope),
          isNull(webhookDelivery.claimedUntil),
        ),
      );
    await recordAuditEventAs(
      scope,
      { action: "webhook_delivery.resend", object: { type: "webhook_delivery", id: deliveryId } },
      tx,
    );
  });
}
