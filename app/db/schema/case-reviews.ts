import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { caseReviewKinds } from "~/domain/reports/case-review-kinds.ts";
import { organisationIdColumn } from "./auth.ts";
import { createdAt, instant, primaryId } from "./columns.ts";
import { referralIdColumn } from "./referrals.ts";
import { report } from "./reports.ts";

/**
 * The organisation's calendar of reviews (docs/architecture.md §4, "Reviews due"): each date a
 * released report sets for looking at the case again, written with the release. A row holds the
 * date and a kind whose words carry no health detail; the report it came from says why.
 * `remindedAt` is the claim of the one reminder e-mail, so several processes send it once.
 */
export const caseReview = pgTable(
  "case_review",
  {
    id: primaryId(),
    referralId: referralIdColumn(),
    organisationId: organisationIdColumn(),
    reportId: uuid("report_id")
      .notNull()
      .references(() => report.id),
    /** The released version whose terms set the date. */
    reportVersion: integer("report_version").notNull(),
    kind: text("kind", { enum: caseReviewKinds }).notNull(),
    /** A calendar date in the UK (docs/architecture.md §9). */
    dueOn: date("due_on", { mode: "string" }).notNull(),
    remindedAt: instant("reminded_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // Several adjustments reviewed on one day are one review of that day.
    uniqueIndex("case_review_referral_kind_due_idx").on(t.referralId, t.kind, t.dueOn),
    // The dashboard: one organisation's reviews in date order.
    index("case_review_organisation_due_idx").on(t.organisationId, t.dueOn),
    // The reminder job: the reviews not reminded yet, by date.
    index("case_review_unreminded_idx").on(t.dueOn).where(sql`${t.remindedAt} is null`),
  ],
);
