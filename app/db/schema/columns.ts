import { type AnyPgColumn, timestamp, uuid } from "drizzle-orm/pg-core";

/*
 * The columns most tables share, declared once: a random UUID key, a moment in time (with time
 * zone, as every timestamp in the schema), the creation and last-change times, and a required
 * link to another table's UUID key. The foreign keys to an organisation and to a referral live
 * beside their tables (`organisationIdColumn` in auth.ts, `referralIdColumn` in referrals.ts).
 */
export const primaryId = () => uuid("id").primaryKey().defaultRandom();
export const instant = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => instant("created_at").notNull().defaultNow();
export const updatedAt = () => instant("updated_at").notNull().defaultNow();

/** A row's required link to the UUID key of the row it belongs to. */
export const requiredUuidReference = (
  name: string,
  target: () => AnyPgColumn,
  onDelete?: "cascade",
) =>
  uuid(name)
    .notNull()
    .references(target, onDelete ? { onDelete } : {});
