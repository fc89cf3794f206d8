import { sql } from "drizzle-orm";
import { type AnyPgColumn, index, inet, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, instant, primaryId } from "./columns.ts";

/*
 * Both kinds of enquiry are stored first, then e-mailed to the service inbox by a job that retries
 * until a delivery succeeds, and an administrator marks them handled in the admin inbox. These are
 * the columns and indexes that bookkeeping needs, the same on both tables.
 */
function enquiryDeliveryColumns() {
  return {
    /** Kept for the per-IP rate limit and abuse handling. */
    ip: inet("ip"),
    emailedAt: instant("emailed_at"),
    emailAttempts: integer("email_attempts").notNull().default(0),
    lastEmailError: text("last_email_error"),
    /** Set by an administrator in the admin inbox once someone has dealt with it. */
    handledAt: instant("handled_at"),
    handledBy: text("handled_by"),
  };
}

/** By time for the inbox, by sender for the rate limit, and the ones still to e-mail for the job. */
function enquiryIndexes(
  table: string,
  t: { createdAt: AnyPgColumn; ip: AnyPgColumn; emailedAt: AnyPgColumn },
) {
  return [
    index(`${table}_created_at_idx`).on(t.createdAt),
    index(`${table}_ip_idx`).on(t.ip, t.createdAt),
    index(`${table}_unsent_idx`).on(t.createdAt).where(sql`${t.emailedAt} is null`),
  ];
}

/**
 * Messages from the public contact form (docs/architecture.md §4, §9). Stored first, then e-mailed to the
 * service inbox; `emailedAt` stays null until a delivery succeeds (a job retries it).
 */
export const contactMessage = pgTable(
  "contact_message",
  {
    id: primaryId(),
    createdAt: createdAt(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    message: text("message").notNull(),
    ...enquiryDeliveryColumns(),
  },
  (t) => enquiryIndexes("contact_message", t),
);

/** "Register Your Interest" submissions; same storage-then-e-mail pattern as contact messages. */
export const interestRegistration = pgTable(
  "interest_registration",
  {
    id: primaryId(),
    createdAt: createdAt(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    companyName: text("company_name").notNull(),
    role: text("role").notNull(),
    ...enquiryDeliveryColumns(),
  },
  (t) => enquiryIndexes("interest_registration", t),
);
