import { addDays } from "date-fns";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import {
  member,
  user,
  webhookAttempt,
  webhookDelivery,
  webhookEndpoint,
} from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import type { SystemActor } from "~/domain/kernel/actor.ts";
import { requireSystem } from "~/domain/kernel/guards.ts";
import { queueMail, sendQueuedMail } from "~/domain/kernel/mail-outbox.server.ts";
import { leaseFree, takeLease } from "~/domain/kernel/outbox-lease.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import {
  visibleMembers,
  visibleWebhookDeliveries,
  visibleWebhookEndpoints,
} from "~/domain/kernel/visibility.server.ts";
import { nextAttemptDelayMs } from "./webhook-backoff.ts";

/** A sender's hold on a delivery: longer than the receiver's time limit. */
const leaseMs = 60_000;
/** How long a receiver has to answer. */
const timeoutMs = 10_000;
/** Deliveries sent in one pass; the rest wait for the next. */
const batch = 50;
/** An endpoint whose deliveries have all failed for this long is switched off. */
const disableAfterDays = 3;

type Outcome =
  | { ok: true; status: number; ms: number }
  | { ok: false; status: number | null; ms: number; error: string | null };

/** Why no answer came, in the delivery log's words (never the receiver's body). */
const failureWords = {
  timeout: `No answer within ${timeoutMs / 1000} seconds`,
  no_connection: "Could not connect",
  refused_address: "Not sent: the address leads to a private network or this server",
} as const;

/**
 * One signed POST (Standard Webhooks): the `webhook-id` of the message, the time, and a v1
 * HMAC-SHA256 signature with the endpoint's secret, and with its previous one too while a
 * rotation is under way. The sender adapter makes the connection (docs/api.md, "Where events may
 * go"): only to a public address, checked as it connects, redirects not followed, and an answer
 * after 10 seconds counts as none.
 */
async function post(
  sender: Scope["adapters"]["webhooks"],
  endpoint: {
    url: string;
    secret: string;
    previousSecret: string | null;
    previousSecretUntil: Date | null;
  },
  delivery: { messageId: string; payload: unknown },
  now: Date,
): Promise<Outcome> {
  const body = JSON.stringify(delivery.payload);
  const secrets = [endpoint.secret];
  if (endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now)
    secrets.push(endpoint.previousSecret);
  const signature = secrets
    .map((secret) => new Webhook(secret).sign(delivery.messageId, now, body))
    .join(" ");
  const answer = await sender.post({
    url: endpoint.url,
    body,
    timeoutMs,
    headers: {
      "content-type": "application/json",
      "user-agent": "ReferOH-Webhooks/1",
      "webhook-id": delivery.messageId,
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": signature,
    },
  });
  if (answer.status === null)
    return { ok: false, status: null, ms: answer.ms, error: failureWords[answer.failure] };
  return answer.status >= 200 && answer.status < 300
    ? { ok: true, status: answer.status, ms: answer.ms }
    : { ok: false, status: answer.status, ms: answer.ms, error: null };
}

/**
 * The job's pass over the webhook outbox (docs/api.md): every delivery that is due is claimed for
 * a lease (so two workers never send one twice at once), sent, and its attempt logged with the
 * status and response time. A failure is retried with exponential backoff until its 24 hours are
 * up; an endpoint that has failed for 3 days is switched off and the organisation's owners are
 * told by e-mail. Returns what happened, and when the next delivery is due.
 */
export async function deliverDueWebhooks(scope: Scope<SystemActor>) {
  const { db, now } = requireSystem(scope);
  const due = db
    .select({ id: webhookDelivery.id })
    .from(webhookDelivery)
    .where(
      and(
        visibleWebhookDeliveries(scope),
        eq(webhookDelivery.status, "pending"),
        lte(webhookDelivery.nextAttemptAt, now),
        leaseFree(webhookDelivery, now),
      ),
    )
    .orderBy(asc(webhookDelivery.nextAttemptAt))
    .limit(batch);
  const claimed = await db
    .update(webhookDelivery)
    .set(takeLease(webhookDelivery, now, leaseMs))
    .where(
      and(
        visibleWebhookDeliveries(scope),
        inArray(webhookDelivery.id, due),
        leaseFree(webhookDelivery, now),
      ),
    )
    .returning();
  let delivered = 0;
  let failed = 0;
  const mail: string[] = [];
  for (const delivery of claimed) {
    const [endpoint] = await db
      .select()
      .from(webhookEndpoint)
      .where(and(eq(webhookEndpoint.id, delivery.endpointId), visibleWebhookEndpoints(scope)));
    if (!endpoint || endpoint.disabledAt) {
      await db
        .update(webhookDelivery)
        .set({ status: "failed", nextAttemptAt: null, claimedUntil: null })
        .where(and(eq(webhookDelivery.id, delivery.id), visibleWebhookDeliveries(scope)));
      continue;
    }
    const outcome = await post(scope.adapters.webhooks, endpoint, delivery, now);
    await db.transaction(async (tx) => {
      await tx.insert(webhookAttempt).values({
        deliveryId: delivery.id,
        organisationId: delivery.organisationId,
        attemptedAt: now,
        statusCode: outcome.status,
        responseMs: outcome.ms,
        error: outcome.ok ? null : outcome.error,
      });
      const thisDelivery = and(
        eq(webhookDelivery.id, delivery.id),
        visibleWebhookDeliveries(scope),
      );
      const thisEndpoint = and(eq(webhookEndpoint.id, endpoint.id), visibleWebhookEndpoints(scope));
      if (outcome.ok) {
        delivered++;
        await tx
          .update(webhookDelivery)
          .set({ status: "delivered", deliveredAt: now, nextAttemptAt: null, claimedUntil: null })
          .where(thisDelivery);
        await tx.update(webhookEndpoint).set({ failingSince: null }).where(thisEndpoint);
        return;
      }
      failed++;
      const next = new Date(now.getTime() + nextAttemptDelayMs(delivery.attempts));
      const givenUp = next > delivery.retryUntil;
      await tx
        .update(webhookDelivery)
        .set({
          status: givenUp ? "failed" : "pending",
          nextAttemptAt: givenUp ? null : next,
          claimedUntil: null,
        })
        .where(thisDelivery);
      const failingSince = endpoint.failingSince ?? now;
      if (!endpoint.failingSince)
        await tx.update(webhookEndpoint).set({ failingSince }).where(thisEndpoint);
      if (failingSince > addDays(now, -disableAfterDays)) return;
      // Three days of nothing but failures: switched off, and the owners told.
      await tx
        .update(webhookEndpoint)
        .set({ disabledAt: now, disabledReason: "failing" })
        .where(thisEndpoint);
      await tx
        .update(webhookDelivery)
        .set({ status: "failed", nextAttemptAt: null })
        .where(
          and(
            eq(webhookDelivery.endpointId, endpoint.id),
            eq(webhookDelivery.status, "pending"),
            visibleWebhookDeliveries(scope),
          ),
        );
      await recordAuditEventAs(
        scope,
        {
          action: "webhook_endpoint.disabled",
          organisationId: endpoint.organisationId,
          object: { type: "webhook_endpoint", id: endpoint.id },
          details: { failingSince: failingSince.toISOString() },
        },
        tx,
      );
      const owners = await tx
        .select({ email: user.email })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(
          and(
            eq(member.organisationId, endpoint.organisationId),
            eq(member.role, "owner"),
            visibleMembers(scope),
          ),
        );
      const page = new URL("/employer-integrations", scope.adapters.publicUrl).toString();
      mail.push(
        ...(await queueMail(
          tx,
          { now, key: `webhook-disabled:${endpoint.id}:${now.toISOString()}` },
          owners.map(({ email }) => ({
            to: email,
            subject: "ReferOH: a webhook endpoint was switched off",
            text: [
              `Every delivery to your webhook endpoint ${endpoint.url} has failed for ${disableAfterDays} days, so ReferOH has stopped sending to it.`,
              "",
              "When the receiver works again, switch the endpoint back on and send the missed events again from the delivery log:",
              page,
            ].join("\n"),
          })),
        )),
      );
    });
  }
  if (mail.length) await sendQueuedMail(scope, mail);
  const [next] = await db
    .select({
      at: sql<Date | null>`min(${webhookDelivery.nextAttemptAt})`.mapWith((v) =>
        v ? new Date(v) : null,
      ),
    })
    .from(webhookDelivery)
    .where(and(visibleWebhookDeliveries(scope), eq(webhookDelivery.status, "pending")));
  return { delivered, failed, nextDueAt: next?.at ?? null };
}
