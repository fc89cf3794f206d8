import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { organisation, organisationIdColumn } from "./auth.ts";
import { createdAt, instant, primaryId, requiredUuidReference, updatedAt } from "./columns.ts";

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/** One membership per organisation; its history lives in orders and the audit log. */
export const membership = pgTable(
  "membership",
  {
    organisationId: text("organisation_id")
      .primaryKey()
      .references(() => organisation.id),
    interval: text("interval", { enum: ["monthly", "annual"] }).notNull(),
    status: text("status", { enum: ["active", "cancelled", "pending_change"] }).notNull(),
    currentPeriodStart: instant("current_period_start").notNull(),
    currentPeriodEnd: instant("current_period_end").notNull(),
    /** The interval that takes effect at currentPeriodEnd (status pending_change). */
    pendingInterval: text("pending_interval", { enum: ["monthly", "annual"] }),
    provider: text("provider", { enum: ["demo", "stripe"] }).notNull(),
    providerSubscriptionId: text("provider_subscription_id"),
    cancelledAt: instant("cancelled_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("membership_period_end_idx").on(t.currentPeriodEnd)],
);

/**
 * A batch of credits from one purchase. Spending draws from the lots that expire first; the
 * check constraint is the last line of defence against a negative balance.
 */
export const creditLot = pgTable(
  "credit_lot",
  {
    id: primaryId(),
    organisationId: organisationIdColumn(),
    creditsGranted: integer("credits_granted").notNull(),
    creditsRemaining: integer("credits_remaining").notNull(),
    expiresAt: instant("expires_at").notNull(),
    orderId: uuid("order_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("credit_lot_spendable_idx").on(t.organisationId, t.expiresAt),
    check(
      "credit_lot_remaining_in_range",
      sql`${t.creditsRemaining} >= 0 and ${t.creditsRemaining} <= ${t.creditsGranted}`,
    ),
  ],
);

/** Every movement of credits, append-only: grants, spends, refunds, expiries, adjustments. */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organisationId: organisationIdColumn(),
    lotId: uuid("lot_id").notNull(),
    amount: integer("amount").notNull(),
    reason: text("reason", {
      enum: ["purchase", "spend", "refund", "expiry", "adjustment"],
    }).notNull(),
    referralId: text("referral_id"),
    orderId: uuid("order_id"),
    actorId: text("actor_id"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("credit_ledger_organisation_idx").on(t.organisationId, t.createdAt),
    index("credit_ledger_referral_idx").on(t.referralId),
  ],
);

export interface OrderItem {
  sku: string;
  description: string;
  /** What the line is for, so an accountant can match it: the referral's public reference. */
  reference?: string;
  /** A membership line's period (ISO instants), added when the invoice is issued. */
  period?: { start: string; end: string };
  quantity: number;
  unitPence: number;
  netPence: number;
  vatPence: number;
}

export const paymentOrder = pgTable(
  "payment_order",
  {
    id: primaryId(),
    organisationId: organisationIdColumn(),
    kind: text("kind", { enum: ["membership", "credit_pack", "referral", "renewal"] }).notNull(),
    /** What confirmation grants, e.g. { interval } or { packId } or { referralId }. */
    grants: jsonb("grants").$type<Record<string, string>>().notNull(),
    items: jsonb("items").$type<OrderItem[]>().notNull(),
    netPence: integer("net_pence").notNull(),
    vatPence: integer("vat_pence").notNull(),
    totalPence: integer("total_pence").notNull(),
    currency: text("currency").notNull().default("GBP"),
    provider: text("provider", { enum: ["demo", "stripe"] }).notNull(),
    providerReference: text("provider_reference"),
    /** refunded: paid, then returned in full with a credit note (docs/decisions/0012-refunds-and-credit-notes.md). */
    status: text("status", {
      enum: ["pending", "paid", "failed", "cancelled", "refunded", "expired"],
    })
      .notNull()
      .default("pending"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    paidAt: instant("paid_at"),
  },
  (t) => [
    index("payment_order_organisation_idx").on(t.organisationId, t.createdAt),
    uniqueIndex("payment_order_provider_reference_idx").on(t.provider, t.providerReference),
  ],
);

/** Provider events already handled: a webhook delivered five times grants once. */
export const paymentEvent = pgTable("payment_event", {
  provider: text("provider", { enum: ["demo", "stripe"] }).notNull(),
  eventId: text("event_id").notNull().primaryKey(),
  type: text("type").notNull(),
  orderId: uuid("order_id"),
  receivedAt: instant("received_at").notNull().defaultNow(),
});

export const invoiceNumberSequence = pgSequence("invoice_number_seq", { startWith: 1 });

export const invoice = pgTable(
  "invoice",
  {
    id: primaryId(),
    /** INV-000001, from invoice_number_seq: gap-free within a transaction that commits. */
    number: text("number").notNull().unique(),
    orderId: uuid("order_id").notNull().unique(),
    organisationId: organisationIdColumn(),
    issuedAt: instant("issued_at").notNull().defaultNow(),
    /** Seller and buyer as they were on the day: an invoice never changes afterwards. */
    seller: jsonb("seller").$type<Record<string, string>>().notNull(),
    buyer: jsonb("buyer").$type<Record<string, string>>().notNull(),
    pdf: bytea("pdf"),
    pdfSha256: text("pdf_sha256"),
  },
  (t) => [index("invoice_organisation_idx").on(t.organisationId, t.issuedAt)],
);

export const creditNoteNumberSequence = pgSequence("credit_note_number_seq", { startWith: 1 });

/**
 * A credit note reverses an invoice in full, VAT included, when a card-paid case ends before a
 * doctor starts (employer cancels, or the person declines). The money goes back through the
 * payment provider after the transaction commits; refundStatus records that call, and a job
 * retries it until the provider confirms (docs/decisions/0012-refunds-and-credit-notes.md).
 */
export const creditNote = pgTable(
  "credit_note",
  {
    id: primaryId(),
    /** CN-000001, from credit_note_number_seq, in the transaction that cancels the case. */
    number: text("number").notNull().unique(),
    invoiceId: requiredUuidReference("invoice_id", () => invoice.id),
    /** One full refund per order. */
    orderId: uuid("order_id").notNull().unique(),
    organisationId: organisationIdColumn(),
    referralId: uuid("referral_id"),
    reason: text("reason", {
      enum: ["referral_cancelled", "consent_declined", "payment_expired"],
    }).notNull(),
    issuedAt: instant("issued_at").notNull().defaultNow(),
    items: jsonb("items").$type<OrderItem[]>().notNull(),
    netPence: integer("net_pence").notNull(),
    vatPence: integer("vat_pence").notNull(),
    totalPence: integer("total_pence").notNull(),
    seller: jsonb("seller").$type<Record<string, string>>().notNull(),
    buyer: jsonb("buyer").$type<Record<string, string>>().notNull(),
    refundStatus: text("refund_status", { enum: ["pending", "succeeded"] })
      .notNull()
      .default("pending"),
    providerRefundId: text("provider_refund_id"),
    refundAttempts: integer("refund_attempts").notNull().default(0),
    lastRefundError: text("last_refund_error"),
    refundedAt: instant("refunded_at"),
    pdf: bytea("pdf"),
    pdfSha256: text("pdf_sha256"),
  },
  (t) => [
    index("credit_note_organisation_idx").on(t.organisationId, t.issuedAt),
    index("credit_note_referral_idx").on(t.referralId),
    index("credit_note_refund_pending_idx").on(t.refundStatus),
  ],
);
