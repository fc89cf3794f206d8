import { sql } from "drizzle-orm";
import { boolean, check, pgTable, text } from "drizzle-orm/pg-core";
import { instant } from "./columns.ts";

/**
 * Which data key every app process seals new values under, by id: one row. The keys themselves
 * are never here (a database and its backups must not carry the keys that open them); each
 * process holds them in DATA_ENCRYPTION_KEYS. Kept in the database so that every host of a
 * deployment seals under the same key, and switches when `npm run keys:rotate` changes it, not
 * when its own setting is edited: during a rolling restart a host that sealed under a key the
 * others do not hold yet would write values they cannot open (docs/deployment.md, "Rotating the
 * data keys"; app/db/encryption/data-key-choice.server.ts).
 */
export const dataKeyChoice = pgTable(
  "data_key_choice",
  {
    /** Always true: the table holds one row. */
    singleton: boolean("singleton").primaryKey().default(true),
    currentKeyId: text("current_key_id").notNull(),
    changedAt: instant("changed_at").notNull().defaultNow(),
  },
  (t) => [check("data_key_choice_one_row", sql`${t.singleton}`)],
);
