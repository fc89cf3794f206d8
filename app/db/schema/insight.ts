import { date, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { organisationIdColumn } from "./auth.ts";
import { report } from "./reports.ts";

/**
 * What the management information counts (docs/architecture.md, "Management information"):
 * - `referred`: referrals made, by type, in the month they were made;
 * - `state`: those referrals by type and status now, keyed `type:status` (so the month's cohort
 *   shows how many finished, were cancelled, withheld or expired, and which were paid for);
 * - `turnaround`: released referrals by whole hours from the completed questionnaire to release,
 *   keyed `24:h` or `48:h` by the turnaround promised, in the month of release (capped at 240 h);
 * - `outcome`, `adjustment`, `equality_act`: released reports by fitness category, by whether they
 *   recommend an adjustment of each kind, and by the doctor's Equality Act view, in the month of
 *   first release;
 * - `credits`: credits spent less credits returned, in the month of the ledger entry;
 * - `paid`: pence paid on orders, by kind, in the month paid.
 */
export const insightMeasures = [
  "referred",
  "state",
  "turnaround",
  "outcome",
  "adjustment",
  "equality_act",
  "credits",
  "paid",
] as const;
export type InsightMeasure = (typeof insightMeasures)[number];

/**
 * Counts for the insight pages, kept in the transaction of every change they count: by triggers
 * on referral, credit_ledger and payment_order (drizzle/*_insight_counts.sql), and by the release
 * of a report for its outcome (its body is sealed, so no trigger can read it). The pages read a
 * period's months from here and never count an organisation's history, so they cost the same at
 * 100,000 referrals as at 1,000. No row names a person or a case: the finest grain is the member
 * the referrals belong to. (A manager's page counts the referrals on their list, owned or named
 * on, from those referrals: `ownReferralCounts`.)
 */
export const insightCount = pgTable(
  "insight_count",
  {
    organisationId: organisationIdColumn(),
    /** The member the referrals belong to (`referral.owner_id`); '' for the organisation's billing. */
    ownerId: text("owner_id").notNull(),
    /** The first day of the month (UTC). */
    month: date("month", { mode: "string" }).notNull(),
    measure: text("measure", { enum: insightMeasures }).notNull(),
    key: text("key").notNull(),
    /** People (cases) for every measure but `credits` (credits) and `paid` (pence). */
    value: integer("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.month, t.measure, t.key, t.ownerId] })],
);

/**
 * Which released report's outcome `insight_count` holds, and as which version: one row a report,
 * written in the transaction that adds its outcome (its first release, an approved amendment, or
 * the start-up back-fill of reports released before the counts existed). The key makes counting a
 * report twice impossible, whoever tries (two processes starting at once, a release racing the
 * back-fill); the version lets an approved amendment take the counted outcome away and add the new
 * one, in the same month and under the same owner as the first. It holds no outcome: the categories
 * are in the sealed body, and this row only says which version was counted.
 */
export const insightCountedReport = pgTable("insight_counted_report", {
  reportId: uuid("report_id")
    .primaryKey()
    .references(() => report.id, { onDelete: "cascade" }),
  organisationId: organisationIdColumn(),
  /** The referral's owner when it was first counted: the `insight_count` rows it went into. */
  ownerId: text("owner_id").notNull(),
  /** The month of the first release (UTC), where its outcome is counted. */
  month: date("month", { mode: "string" }).notNull(),
  /** The released version whose outcome is counted. */
  version: integer("version").notNull(),
});

/**
 * What the clinical lead's view counts (docs/architecture.md, "Management information"), across
 * the whole service, by the month (UTC) of the moment each measure is about. Times, in
 * `clinical_hours`, as counts by hour bucket (`clinical_hours_bucket`,
 * app/domain/insight/clinical-hours.ts) of:
 * - `turnaround`: released referrals, from the completed questionnaire to release, by the doctor
 *   assigned (`doctor_id`, '' when none), in the month of release (`completed_at`);
 * - `queue`, `review`, `person_review`: the same releases' stages (submitted to review started,
 *   review started to report sent, report sent to release), where both ends are known;
 * - `first_contact`: referrals flagged urgent and contacted since, from the flag to the first
 *   contact, in the month of the flag (`urgent_at`).
 * Counts, in `clinical_count`:
 * - `sla`: the month's releases keyed `on_time` or `late` against `sla_due_at`;
 * - `urgent`: referrals flagged urgent (`flagged`) and those contacted since (`contacted`);
 * - `declined`: referrals declined, in the month they closed;
 * - `decision`: report versions by the person's decision, in the month decided;
 * - `refusal`: the release check's refusals to sign, by problem, in the month refused (one
 *   refusal counts once under each problem it found).
 */
export const clinicalHourMeasures = [
  "turnaround",
  "queue",
  "review",
  "person_review",
  "first_contact",
] as const;
const clinicalCountMeasures = ["sla", "urgent", "declined", "decision", "refusal"] as const;

/**
 * The clinical lead's counts and hour histograms are kept in the transaction of every change they
 * count by triggers on referral, report_version and audit_event
 * (drizzle/*_clinical_counts_triggers.sql): each row's contribution is a function of the row, so an
 * update takes the old one away and adds the new, and a case is never counted twice. The view
 * reads a period's months of them, never the service's referrals. No row names a person or a case;
 * the finest grain is the doctor, whose work the view reviews.
 */
export const clinicalCount = pgTable(
  "clinical_count",
  {
    /** The first day of the month (UTC). */
    month: date("month", { mode: "string" }).notNull(),
    measure: text("measure", { enum: clinicalCountMeasures }).notNull(),
    /** The SLA side, `flagged` or `contacted`, the decision or the problem; '' for none. */
    key: text("key").notNull(),
    value: integer("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.measure, t.key] })],
);

/**
 * A month's times as counts by hour bucket, one row a measure and doctor: `counts[i + 1]` cases
 * fell in bucket i. One row holds the whole histogram, so a period's read is months x measures x
 * doctors rows however many cases they count (a row per bucket grew with the service as the
 * buckets filled: 372 rows for a year at 1,000 referrals, 6,141 at 100,000).
 */
export const clinicalHours = pgTable(
  "clinical_hours",
  {
    /** The first day of the month (UTC). */
    month: date("month", { mode: "string" }).notNull(),
    measure: text("measure", { enum: clinicalHourMeasures }).notNull(),
    /** The doctor assigned, for `turnaround`; '' otherwise and for a case with none. */
    doctorId: text("doctor_id").notNull(),
    counts: integer("counts").array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.measure, t.doctorId] })],
);
