import { timestamp, uuid } from "drizzle-orm/pg-core";

/*
 * The columns most tables share, declared once: a random UUID key and the creation and last-change
 * times (with time zone, as every timestamp in the schema). The foreign keys to an organisation
 * and to a referral live beside their tables (`organisationIdColumn` in auth.ts,
 * `referralIdColumn` in referrals.ts).
 */
export const primaryId = () => uuid("id").primaryKey().defaultRandom();
export const createdAt = () =>
  timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
