import { randomUUID } from "node:crypto";
import { addHours } from "date-fns";
import { and, arrayContains, eq, isNull } from "drizzle-orm";
import { webhookDelivery, webhookEndpoint } from "~/db/schema/index.ts";
import type { Executor } from "~/domain/kernel/database.ts";
import type { WebhookEvent } from "./webhook-events.ts";

/** How long a delivery is retried, from its event or from a "send again" (docs/api.md). */
export const webhookRetryHours = 24;

/**
 * The webhook outbox (docs/api.md; the pattern of the mail outbox, docs/architecture.md §8): an
 * event is one delivery row per endpoint of the organisation that subscribed to it, written in the
 * transaction of the change it reports, so it exists exactly when the change commits. The job
 * queue's `webhook-deliveries` sends the rows. A building block of use cases: it joins their
 * transaction. `data` holds references and statuses only, never health data.
 */
export async function queueWebhookEvent(
  tx: Executor,
  event: {
    organisationId: string;
    type: WebhookEvent;
    data: Record<string, string | number | boolean | null>;
    now: Date;
  },
): Promise<number> {
  const endpoints = await tx
    .select({ id: webhookEndpoint.id })
    .from(webhookEndpoint)
    .where(
      and(
        eq(webhookEndpoint.organisationId, event.organisationId),
        isNull(webhookEndpoint.disabledAt),
        arrayContains(webhookEndpoint.events, [event.type]),
      ),
    );
  if (endpoints.length === 0) return 0;
  const payload = { type: event.type, timestamp: event.now.toISOString(), data: event.data };
  await tx.insert(webhookDelivery).values(
    endpoints.map((endpoint) => ({
      endpointId: endpoint.id,
      organisationId: event.organisationId,
      messageId: `msg_${randomUUID().replaceAll("-", "")}`,
      eventType: event.type,
      payload,
      createdAt: event.now,
      nextAttemptAt: event.now,
      retryUntil: addHours(event.now, webhookRetryHours),
    })),
  );
  return endpoints.length;
}
