import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { organisationIdColumn, user } from "./auth.ts";
import { createdAt } from "./columns.ts";
import { referralIdColumn } from "./referrals.ts";

/**
 * The managers a referral names beside the one who made it: they see the case and its released
 * report, and receive its e-mails (docs/architecture.md §4).
 */
export const referralManager = pgTable(
  "referral_manager",
  {
    referralId: referralIdColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    organisationId: organisationIdColumn(),
    addedBy: text("added_by"),
    addedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.referralId, t.userId] }),
    index("referral_manager_user_idx").on(t.userId, t.organisationId),
  ],
);
