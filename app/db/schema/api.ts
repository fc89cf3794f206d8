import { sql } from "drizzle-orm";
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { type ApiScope, apiScopes } from "~/domain/api/api-scopes.ts";
import { type WebhookEvent, webhookEvents } from "~/domain/api/webhook-events.ts";
import { encryptedText } from "../encryption/column-types.ts";
import { organisationIdColumn } from "./auth.ts";
import { createdAt, instant, primaryId } from "./columns.ts";

/**
 * An organisation's keys to /api/v1 (docs/architecture.md §3b, "API keys"). The secret is shown
 * once when the key is made; only its SHA-256 is kept, which is enough for a 256-bit random secret
 * (no password stretching is needed where nothing can be guessed), and the lookup is by that hash.
 * `prefix` is the secret's first characters, kept in the clear so people can tell their keys
 * apart in the list and in a log.
 */
export const apiKey = pgTable(
  "api_key",
  {
    id: primaryId(),
    organisationId: organisationIdColumn(),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    secretHash: text("secret_hash").notNull(),
    scopes: text("scopes", { enum: apiScopes }).array().notNull().$type<ApiScope[]>(),
    /** The member who made the key: referrals it makes are theirs to own in the team's lists. */
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    /** Null for a key that never expires. */
    expiresAt: instant("expires_at"),
    revokedAt: instant("revoked_at"),
    revokedBy: text("revoked_by"),
    lastUsedAt: instant("last_used_at"),
  },
  (t) => [
    uniqueIndex("api_key_secret_hash_idx").on(t.secretHash),
    index("api_key_organisation_idx").on(t.organisationId, t.createdAt),
  ],
);

/**
 * What a write to /api/v1 answered, by the key and the `Idempotency-Key` it was sent with
 * (docs/api.md): the same key and body again get the same answer without acting twice, the same
 * key with another body is refused. A row is `pending` while its first call runs. Kept 24 hours.
 */
export const apiIdempotencyKey = pgTable(
  "api_idempotency_key",
  {
    apiKeyId: uuid("api_key_id")
      .notNull()
      .references(() => apiKey.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    organisationId: organisationIdColumn(),
    /** SHA-256 of the method, path and body: what "the same request" means. */
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status"),
    responseType: text("response_type"),
    /** The answer's JSON: references and statuses, never health text (the contract's schemas). */
    responseBody: text("response_body"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.key] }),
    index("api_idempotency_key_created_idx").on(t.createdAt),
  ],
);

/**
 * Where an organisation's HR system hears about its referrals (docs/api.md): a URL, the events it
 * wants, and the Standard Webhooks signing secret. The secret must be kept to sign, so it is
 * sealed at rest like health text (ENCRYPTED_COLUMNS); after a rotation the previous one still
 * signs beside it for a day, so a receiver can switch without missing a message.
 */
export const webhookEndpoint = pgTable(
  "webhook_endpoint",
  {
    id: primaryId(),
    organisationId: organisationIdColumn(),
    url: text("url").notNull(),
    events: text("events", { enum: webhookEvents }).array().notNull().$type<WebhookEvent[]>(),
    secret: encryptedText("secret", "webhook_endpoint.secret").notNull(),
    previousSecret: encryptedText("previous_secret", "webhook_endpoint.previous_secret"),
    previousSecretUntil: instant("previous_secret_until"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    /** Since when every delivery has failed; cleared by a success. Three days of it disable. */
    failingSince: instant("failing_since"),
    disabledAt: instant("disabled_at"),
    disabledReason: text("disabled_reason", { enum: ["failing", "by_member"] }),
  },
  (t) => [index("webhook_endpoint_organisation_idx").on(t.organisationId, t.createdAt)],
);

/**
 * One event for one endpoint (the webhook outbox): written in the transaction of the change it
 * reports, delivered by the job queue with retries for 24 hours. `messageId` is the Standard
 * Webhooks `webhook-id`, the same on every attempt, so a receiver can drop a repeat.
 */
export const webhookDelivery = pgTable(
  "webhook_delivery",
  {
    id: primaryId(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoint.id, { onDelete: "cascade" }),
    organisationId: organisationIdColumn(),
    messageId: text("message_id").notNull().unique(),
    eventType: text("event_type", { enum: webhookEvents }).notNull().$type<WebhookEvent>(),
    /** References and statuses only (docs/api.md): never health data. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    status: text("status", { enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** Retries stop after this: 24 hours from the event, or from a "send again". */
    retryUntil: instant("retry_until").notNull(),
    /** When the next attempt is due; null once delivered or given up. */
    nextAttemptAt: instant("next_attempt_at"),
    /** A sender's lease, so two workers never send one delivery at once. */
    claimedUntil: instant("claimed_until"),
    deliveredAt: instant("delivered_at"),
  },
  (t) => [
    index("webhook_delivery_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("webhook_delivery_endpoint_idx").on(t.endpointId, t.createdAt),
  ],
);

/** Each attempt at a delivery, for the delivery log: the answer's status and how long it took. */
export const webhookAttempt = pgTable(
  "webhook_attempt",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDelivery.id, { onDelete: "cascade" }),
    organisationId: organisationIdColumn(),
    attemptedAt: instant("attempted_at").notNull(),
    /** The receiver's HTTP status; null when no answer came (refused, timed out). */
    statusCode: integer("status_code"),
    responseMs: integer("response_ms").notNull(),
    /** Why no answer came, in a few words (never the response body). */
    error: text("error"),
  },
  (t) => [index("webhook_attempt_delivery_idx").on(t.deliveryId, t.attemptedAt)],
);
