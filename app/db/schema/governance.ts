import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { instant } from "./columns.ts";
import { referral } from "./referrals.ts";

/**
 * One row per case whose health data the retention job erased (ADR 0008): the case record and its
 * audit trail stay; this says when and under which rule the rest went, so the job never repeats.
 */
export const retentionErasure = pgTable(
  "retention_erasure",
  {
    referralId: uuid("referral_id")
      .primaryKey()
      .references(() => referral.id),
    rule: text("rule", {
      enum: ["pre_employment_outcome", "management_completion", "abandoned_invitation"],
    }).notNull(),
    erasedAt: instant("erased_at").notNull(),
  },
  (t) => [index("retention_erasure_erased_at_idx").on(t.erasedAt)],
);
