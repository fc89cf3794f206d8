import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { ActivityKind } from "~/domain/referrals/activity-labels.ts";
import { referralStatuses } from "~/domain/referrals/states.ts";
import { organisation } from "./auth.ts";

export const managementReferenceSequence = pgSequence("referral_reference_seq", { startWith: 1 });

/** The seven questions an employer may ask of a management referral (seed §3 formData.questions). */
export interface ReferralQuestions {
  fitForWork: boolean;
  underlyingCondition: boolean;
  timeToFitness: boolean;
  recommendedAdjustments: boolean;
  engageInProcesses: boolean;
  equalityAct: boolean;
  followUp: boolean;
}

export const referral = pgTable(
  "referral",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference").notNull().unique(),
    organisationId: text("organisation_id")
      .notNull()
      .references(() => organisation.id),
    type: text("type", { enum: ["pre_employment", "management"] }).notNull(),
    status: text("status", { enum: referralStatuses }).notNull(),
    subjectName: text("subject_name").notNull(),
    subjectEmail: text("subject_email").notNull(),
    // pre-employment
    jobRole: text("job_role"),
    drivingRequired: boolean("driving_required").notNull().default(false),
    nightShifts: boolean("night_shifts").notNull().default(false),
    loneWorking: boolean("lone_working").notNull().default(false),
    safetyCritical: boolean("safety_critical").notNull().default(false),
    /** Equality Act 2010 s.60: health questions only after a conditional offer. */
    conditionalOfferDate: date("conditional_offer_date", { mode: "string" }),
    additionalNotes: text("additional_notes"),
    // management
    reason: text("reason"),
    jobDetails: text("job_details"),
    existingAdjustments: text("existing_adjustments"),
    questions: jsonb("questions").$type<ReferralQuestions>(),
    employerConsentConfirmed: boolean("employer_consent_confirmed").notNull().default(false),
    // care and payment
    assignedDoctorId: text("assigned_doctor_id"),
    paymentMethod: text("payment_method", { enum: ["credits", "order"] }),
    orderId: uuid("order_id"),
    memberTurnaround: boolean("member_turnaround").notNull().default(false),
    slaDueAt: timestamp("sla_due_at", { withTimezone: true }),
    urgent: boolean("urgent").notNull().default(false),
    correctionRequested: boolean("correction_requested").notNull().default(false),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    reviewStartedAt: timestamp("review_started_at", { withTimezone: true }),
    reportSentAt: timestamp("report_sent_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    lastReminderAt: timestamp("last_reminder_at", { withTimezone: true }),
    /** Automatic reminders sent for an unopened invitation (at 3 and 7 days). */
    autoRemindersSent: integer("auto_reminders_sent").notNull().default(0),
  },
  (t) => [
    index("referral_organisation_created_idx").on(
      t.organisationId,
      t.createdAt.desc().nullsFirst(),
    ),
    index("referral_organisation_status_idx").on(t.organisationId, t.status),
    index("referral_queue_idx").on(t.status, t.slaDueAt),
    index("referral_doctor_idx").on(t.assignedDoctorId, t.status),
    // A subject access request finds every referral of one person across organisations.
    index("referral_subject_email_idx").on(sql`lower(trim(${t.subjectEmail}))`),
    // Case-insensitive search by name, reference or reason within an organisation's list.
    index("referral_search_trgm_idx").using(
      "gin",
      sql`(lower(${t.subjectName} || ' ' || ${t.reference} || ' ' || coalesce(${t.reason}, '') || ' ' || coalesce(${t.jobRole}, ''))) gin_trgm_ops`,
    ),
  ],
);

/** A link sent to the subject: only the SHA-256 of its 256-bit token is kept. */
export const assessmentInvitation = pgTable(
  "assessment_invitation",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referralId: uuid("referral_id")
      .notNull()
      .references(() => referral.id),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastOpenedAt: timestamp("last_opened_at", { withTimezone: true }),
    remindersSent: integer("reminders_sent").notNull().default(0),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("assessment_invitation_referral_idx").on(t.referralId)],
);

/** What the employer's Recent Activity shows: no health content, ever. */
export const referralActivity = pgTable(
  "referral_activity",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    referralId: uuid("referral_id")
      .notNull()
      .references(() => referral.id),
    organisationId: text("organisation_id")
      .notNull()
      .references(() => organisation.id),
    /** Typed by the label map: every kind written has words for the employer. */
    kind: text("kind").$type<ActivityKind>().notNull(),
    actorId: text("actor_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Matches Recent Activity's ORDER BY (created_at, id) so the latest 8 are read from the index.
  // NULLS FIRST on every DESC index column of the schema: that is what `ORDER BY x DESC` means,
  // and drizzle writes DESC NULLS LAST unless told, an order PostgreSQL cannot read such a query in.
  (t) => [
    index("referral_activity_organisation_idx").on(
      t.organisationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);
