import { sql } from "drizzle-orm";
import { index, inet, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, primaryId } from "./columns.ts";

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
    /** Kept for the per-IP rate limit and abuse handling. */
    ip: inet("ip"),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    emailAttempts: integer("email_attempts").notNull().default(0),
    lastEmailError: text("last_email_error"),
    /** Set by an administrator in the admin inbox once someone has dealt with it. */
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: text("handled_by"),
  },
  (t) => [
    index("contact_message_created_at_idx").on(t.createdAt),
    index("contact_message_ip_idx").on(t.ip, t.createdAt),
    index("contact_message_unsent_idx").on(t.createdAt).where(sql`${t.emailedAt} is null`),
  ],
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
    ip: inet("ip"),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    emailAttempts: integer("email_attempts").notNull().default(0),
    lastEmailError: text("last_email_error"),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: text("handled_by"),
  },
  (t) => [
    index("interest_registration_created_at_idx").on(t.createdAt),
    index("interest_registration_ip_idx").on(t.ip, t.createdAt),
    index("interest_registration_unsent_idx").on(t.createdAt).where(sql`${t.emailedAt} is null`),
  ],
);
