import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  index,
  inet,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { instant } from "./columns.ts";

/** Append-only record of who did what to which object (docs/architecture.md §4, §8). */
export const auditEvent = pgTable(
  "audit_event",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    occurredAt: instant("occurred_at").notNull().defaultNow(),
    actorId: text("actor_id"),
    actorRole: text("actor_role"),
    organisationId: text("organisation_id"),
    action: text("action").notNull(),
    objectType: text("object_type"),
    objectId: text("object_id"),
    outcome: text("outcome", { enum: ["success", "failure", "denied"] }).notNull(),
    ip: inet("ip"),
    requestId: text("request_id"),
    /** Never secrets, tokens or health answers. */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /*
     * The hash chain (ADR 0008), filled by the insert trigger of the audit_hash_chain migration under a
     * transaction-scoped advisory lock, so concurrent inserts line up instead of forking:
     * `chainSeq` is the position, `hash` = SHA-256(prevHash + canonical row).
     */
    chainSeq: bigint("chain_seq", { mode: "number" }),
    prevHash: text("prev_hash"),
    hash: text("hash"),
  },
  (t) => [
    index("audit_event_occurred_at_idx").on(t.occurredAt),
    index("audit_event_actor_idx").on(t.actorId, t.occurredAt),
    index("audit_event_organisation_idx").on(t.organisationId, t.occurredAt),
    index("audit_event_object_idx").on(t.objectType, t.objectId),
    uniqueIndex("audit_event_chain_seq_idx").on(t.chainSeq),
  ],
);
