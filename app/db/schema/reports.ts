import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { DisclosureItem } from "~/domain/reports/disclosure/disclosure-item.ts";
import type { ReportBody } from "~/domain/reports/report-body.ts";
import { encryptedJson, encryptedText } from "../encryption/column-types.ts";
import { organisationIdColumn } from "./auth.ts";
import { bytea } from "./billing.ts";
import { createdAt, instant, primaryId, requiredUuidReference, updatedAt } from "./columns.ts";
import { referral } from "./referrals.ts";

/**
 * The doctor's report on a referral (docs/architecture.md §4). One report per referral; its text lives in
 * numbered versions so a correction never overwrites what the subject already read.
 *
 * - `draft`: the doctor is writing (no version sent yet, or a correction being revised).
 * - `awaiting_subject`: the current version was signed and sent to the subject for review.
 * - `correction_requested`: the subject asked for a factual correction of the current version;
 *   the doctor revises into a new version and sends it again.
 * - `released`: the subject approved; the current version is frozen with its PDF.
 *
 * After release the doctor may amend the report (docs/architecture.md §4, "Amending a released
 * report"): the status runs through `draft` and `awaiting_subject` again for version n + 1 while
 * `released_version` keeps pointing at the version the employer has, until the person approves
 * the amendment.
 * - `withheld`: the subject withheld consent; the employer learns only that.
 */
export const reportStatuses = [
  "draft",
  "awaiting_subject",
  "correction_requested",
  "released",
  "withheld",
] as const;
export type ReportStatus = (typeof reportStatuses)[number];

export const report = pgTable(
  "report",
  {
    id: primaryId(),
    /** Public id the employer sees: `REP-` + 6 upper-case letters/digits, unique with retry. */
    reference: text("reference").notNull().unique(),
    referralId: uuid("referral_id")
      .notNull()
      .unique()
      .references(() => referral.id),
    organisationId: organisationIdColumn(),
    type: text("type", { enum: ["pre_employment", "management"] }).notNull(),
    status: text("status", { enum: reportStatuses }).notNull().default("draft"),
    /** The doctor who writes and signs it (the referral's assigned doctor). */
    doctorId: text("doctor_id").notNull(),
    currentVersion: integer("current_version").notNull().default(1),
    /**
     * The version the employer reads: the last one the person approved. Null until the first
     * release; during an amendment it stays on the released version while `current_version` moves on.
     */
    releasedVersion: integer("released_version"),
    /** The end of the subject's review window for the version now with them. */
    reviewDueAt: instant("review_due_at"),
    reviewReminderSentAt: instant("review_reminder_sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    releasedAt: instant("released_at"),
    withheldAt: instant("withheld_at"),
  },
  (t) => [
    // The employer's reports list: released reports of one organisation, newest first.
    index("report_organisation_released_idx").on(
      t.organisationId,
      t.status,
      t.releasedAt.desc().nullsFirst(),
    ),
    // The same list by what the employer may read, which an amendment in progress does not hide.
    index("report_organisation_released_version_idx")
      .on(t.organisationId, t.releasedAt.desc().nullsFirst())
      .where(sql`${t.releasedVersion} is not null`),
    index("report_doctor_status_idx").on(t.doctorId, t.status),
  ],
);

export const reportVersion = pgTable(
  "report_version",
  {
    id: primaryId(),
    reportId: requiredUuidReference("report_id", () => report.id),
    version: integer("version").notNull(),
    /** HEALTH PAYLOAD: the report's sections (see ReportBody). */
    body: encryptedJson<ReportBody>("body", "report_version.body").notNull(),
    /** Signature: the doctor's name, qualifications and GMC number as they were when signed. */
    authorDoctorId: text("author_doctor_id").notNull(),
    authorName: text("author_name").notNull(),
    authorGmcNumber: text("author_gmc_number").notNull(),
    /** Null on versions signed before qualifications were recorded: their block omits them. */
    authorQualifications: text("author_qualifications"),
    signedAt: instant("signed_at"),
    sentAt: instant("sent_at"),
    subjectDecision: text("subject_decision", { enum: ["approved", "correction", "withheld"] }),
    /** HEALTH PAYLOAD: the subject's correction request in their own words. */
    subjectComment: encryptedText("subject_comment", "report_version.subject_comment"),
    /**
     * HEALTH PAYLOAD: set on a version the doctor re-sent unchanged after declining the person's
     * correction of the version before: the reason, shown to the person (a professional opinion
     * is not altered; docs/decisions/0011-report-audiences.md).
     */
    correctionDeclineReason: encryptedText(
      "correction_decline_reason",
      "report_version.correction_decline_reason",
    ),
    /**
     * HEALTH PAYLOAD: the person's own statement (up to 2,000 characters), attached to the released
     * version and its PDF after a declined correction. The doctor's text is never edited by them.
     */
    subjectStatement: encryptedText("subject_statement", "report_version.subject_statement"),
    /**
     * HEALTH PAYLOAD: the clinical statements the doctor marked for disclosure in employer-visible
     * fields, each with the person's decision (docs/decisions/0016-disclosure-gate.md). Null on
     * versions written before the gate: they have none to agree.
     */
    disclosures: encryptedJson<DisclosureItem[]>("disclosures", "report_version.disclosures"),
    /** Whether the subject agreed that the diagnosis section may be shown to the employer. */
    diagnosisReleased: boolean("diagnosis_released").notNull().default(false),
    decidedAt: instant("decided_at"),
    /** Set when released: the frozen version's rendered PDF and its SHA-256 (hex). */
    pdf: bytea("pdf"),
    pdfSha256: text("pdf_sha256"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("report_version_report_version_idx").on(t.reportId, t.version)],
);
