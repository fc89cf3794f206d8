import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { webhookAttempt, webhookDelivery, webhookEndpoint } from "~/db/schema/index.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import {
  visibleWebhookDeliveries,
  visibleWebhookEndpoints,
} from "~/domain/kernel/visibility.server.ts";
import { requireIntegrationsManager } from "./integrations-guard.ts";

/** How many of an endpoint's latest deliveries the log shows. */
const logLength = 20;

/**
 * The organisation's webhook endpoints, each with its delivery log (docs/api.md): its latest
 * deliveries, each with its attempts (status and response time). Never a secret.
 */
export async function listWebhookEndpoints(scope: Scope) {
  const { db } = requireIntegrationsManager(scope);
  const endpoints = await db
    .select({
      id: webhookEndpoint.id,
      url: webhookEndpoint.url,
      events: webhookEndpoint.events,
      createdAt: webhookEndpoint.createdAt,
      failingSince: webhookEndpoint.failingSince,
      disabledAt: webhookEndpoint.disabledAt,
      disabledReason: webhookEndpoint.disabledReason,
      previousSecretUntil: webhookEndpoint.previousSecretUntil,
    })
    .from(webhookEndpoint)
    .where(visibleWebhookEndpoints(scope))
    .orderBy(desc(webhookEndpoint.createdAt));
  if (endpoints.length === 0) return [];
  const deliveries = await db
    .select({
      id: webhookDelivery.id,
      endpointId: webhookDelivery.endpointId,
      messageId: webhookDelivery.messageId,
      eventType: webhookDelivery.eventType,
      createdAt: webhookDelivery.createdAt,
      status: webhookDelivery.status,
      attempts: webhookDelivery.attempts,
      nextAttemptAt: webhookDelivery.nextAttemptAt,
      rank: sql<number>`row_number() over (partition by ${webhookDelivery.endpointId} order by ${webhookDelivery.createdAt} desc, ${webhookDelivery.id} desc)`.as(
        "rank",
      ),
    })
    .from(webhookDelivery)
    .where(
      and(
        visibleWebhookDeliveries(scope),
        inArray(
          webhookDelivery.endpointId,
          endpoints.map((e) => e.id),
        ),
      ),
    )
    .as("ranked");
  const latest = await db
    .select()
    .from(deliveries)
    .where(sql`${deliveries.rank} <= ${logLength}`)
    .orderBy(desc(deliveries.createdAt));
  const attempts = latest.length
    ? await db
        .select({
          deliveryId: webhookAttempt.deliveryId,
          attemptedAt: webhookAttempt.attemptedAt,
          statusCode: webhookAttempt.statusCode,
          responseMs: webhookAttempt.responseMs,
          error: webhookAttempt.error,
        })
        .from(webhookAttempt)
        .innerJoin(webhookDelivery, eq(webhookDelivery.id, webhookAttempt.deliveryId))
        .where(
          and(
            visibleWebhookDeliveries(scope),
            inArray(
              webhookAttempt.deliveryId,
              latest.map((d) => d.id),
            ),
          ),
        )
        .orderBy(desc(webhookAttempt.attemptedAt))
    : [];
  return endpoints.map((endpoint) => ({
    ...endpoint,
    deliveries: latest
      .filter((d) => d.endpointId === endpoint.id)
      .map(({ rank: _rank, ...d }) => ({
        ...d,
        attemptLog: attempts.filter((a) => a.deliveryId === d.id),
      })),
  }));
}
