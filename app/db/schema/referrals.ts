import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import type { ActivityKind } from "~/domain/referrals/activity-labels.ts";
import { referralStatuses } from "~/domain/referrals/lifecycle.ts";
import type { ReferralQuestions } from "~/domain/referrals/management-questions.ts";
import type { MailMessage } from "~/services/mail/mailer.server.ts";
import { encryptedJson, encryptedText } from "../encryption/column-types.ts";
import { organisationIdColumn } from "./auth.ts";
import { createdAt, instant, primaryId, requiredUuidReference, updatedAt } from "./columns.ts";

export const managementReferenceSequence = pgSequence("referral_reference_seq", { startWith: 1 });

/** PostgreSQL's text-search vector; read as its text form, written only by the database. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const referral = pgTable(
  "referral",
  {
    id: primaryId(),
    reference: text("reference").notNull().unique(),
    organisationId: organisationIdColumn(),
    type: text("type", { enum: ["pre_employment", "management"] }).notNull(),
    status: text("status", { enum: referralStatuses }).notNull(),
    subjectName: text("subject_name").notNull(),
    subjectEmail: text("subject_email").notNull(),
    /** The person's mobile in E.164 (sealed, ADR 0008): how a doctor reaches them after a safety flag. */
    subjectPhone: encryptedText("subject_phone", "referral.subject_phone"),
    // pre-employment
    jobRole: text("job_role"),
    drivingRequired: boolean("driving_required").notNull().default(false),
    nightShifts: boolean("night_shifts").notNull().default(false),
    loneWorking: boolean("lone_working").notNull().default(false),
    safetyCritical: boolean("safety_critical").notNull().default(false),
    /** Equality Act 2010 s.60: health questions only after a conditional offer. */
    conditionalOfferDate: date("conditional_offer_date", { mode: "string" }),
    // The employer's free text about the person is health data (docs/decisions/0008): sealed at
    // rest like the answers, so it cannot be searched in SQL.
    additionalNotes: encryptedText("additional_notes", "referral.additional_notes"),
    // management
    reason: encryptedText("reason", "referral.reason"),
    jobDetails: encryptedText("job_details", "referral.job_details"),
    existingAdjustments: encryptedText("existing_adjustments", "referral.existing_adjustments"),
    /** The employer's questions (seed §3 formData.questions), one flag each. */
    questions: jsonb("questions").$type<ReferralQuestions>(),
    employerConsentConfirmed: boolean("employer_consent_confirmed").notNull().default(false),
    // care and payment
    assignedDoctorId: text("assigned_doctor_id"),
    paymentMethod: text("payment_method", { enum: ["credits", "order"] }),
    orderId: uuid("order_id"),
    memberTurnaround: boolean("member_turnaround").notNull().default(false),
    slaDueAt: instant("sla_due_at"),
    urgent: boolean("urgent").notNull().default(false),
    /** When an answer first raised the urgent safety flag: the queue shows the time since. */
    urgentAt: instant("urgent_at"),
    /** The first successful contact recorded after the flag; until then "not yet contacted". */
    safetyContactedAt: instant("safety_contacted_at"),
    /** The last e-mail to the clinical on-call about this flag (first alert and every re-alert). */
    safetyLastAlertAt: instant("safety_last_alert_at"),
    correctionRequested: boolean("correction_requested").notNull().default(false),
    /** Who made the referral; never changes. */
    createdBy: text("created_by").notNull(),
    /**
     * The member the referral belongs to: its maker until an owner or HR administrator reassigns
     * it (docs/architecture.md §4). A manager sees the referrals they own or are named on.
     */
    ownerId: text("owner_id").notNull(),
    /**
     * The employer's list search by name, reference or job role: words beginning words
     * (app/domain/referrals/search-words.ts); the reason is sealed, so neither searched nor copied
     * here in the clear. Each word is held as "<organisation>/<word>" (the SQL function
     * referral_search_words, drizzle/0052_referral_search_words_by_organisation.sql), so a word's
     * posting list in the index is that organisation's rows with it, and kept in the row, so a
     * bitmap's recheck or a filter reads it instead of parsing the name again: a rare name then
     * costs its matches at any size (docs/perf-notes-growth.md, "A rare name").
     */
    searchWords: tsvector("search_words")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`referral_search_words(${referral.organisationId}, ${referral.subjectName} || ' ' || ${referral.reference} || ' ' || coalesce(${referral.jobRole}, ''))`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    invitedAt: instant("invited_at"),
    startedAt: instant("started_at"),
    submittedAt: instant("submitted_at"),
    reviewStartedAt: instant("review_started_at"),
    reportSentAt: instant("report_sent_at"),
    completedAt: instant("completed_at"),
    /**
     * When the case was closed: it ended without a report (cancelled, declined, withheld, lapsed
     * unpaid), or the employer closed a complete one, "no further action" (docs/architecture.md
     * §4, "Re-inviting and closing"). Set means nothing further is to happen on the case (no
     * reminders of any kind): `isClosed` in app/domain/referrals/case-closure.ts, or
     * `isNull(referral.closedAt)` in a query for the cases still open.
     */
    closedAt: instant("closed_at"),
    /** The member who closed a complete case; null where the case ended by itself. */
    closedBy: text("closed_by"),
    lastReminderAt: instant("last_reminder_at"),
    /** Automatic reminders sent for an unopened invitation (at 3 and 7 days). */
    autoRemindersSent: integer("auto_reminders_sent").notNull().default(0),
    /**
     * On hold (docs/architecture.md §4, "On hold"): the state the case was in when an
     * administrator paused it, which lifting the hold returns it to; null when not on hold.
     */
    heldFromStatus: text("held_from_status", { enum: referralStatuses }),
    /** When the hold began: lifting it moves the SLA due time on by the time spent on hold. */
    heldAt: instant("held_at"),
    // The administrator's reason is free text about a person's case, perhaps clinical: sealed at
    // rest like the employer's notes (docs/decisions/0008), shown only to administrators.
    holdReason: encryptedText("hold_reason", "referral.hold_reason"),
    /**
     * The earlier case of the same organisation this referral follows up (docs/architecture.md
     * §4, "Follow-up referrals"); null for a first referral. Erasing the earlier case leaves the
     * follow-up standing on its own.
     */
    followUpOf: uuid("follow_up_of").references((): AnyPgColumn => referral.id, {
      onDelete: "set null",
    }),
  },
  (t) => [
    // The list's order, newest first, with the id that breaks ties: a page is read from the
    // index from the row before it (keyset pagination), never counted from the first row.
    index("referral_organisation_created_idx").on(
      t.organisationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The same order within one status, for the list filtered by status.
    index("referral_organisation_status_idx").on(
      t.organisationId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // A manager's own referrals in the list's order (docs/architecture.md §4: managers see the
    // referrals they own or are named on).
    index("referral_organisation_owner_idx").on(
      t.organisationId,
      t.ownerId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("referral_queue_idx").on(t.status, t.slaDueAt),
    index("referral_doctor_idx").on(t.assignedDoctorId, t.status),
    // Urgent cases are few; the queue and the re-alert job read them without scanning the rest.
    index("referral_urgent_idx").on(t.urgentAt).where(sql`${t.urgent}`),
    // A subject access request finds every referral of one person across organisations.
    index("referral_subject_email_idx").on(sql`lower(trim(${t.subjectEmail}))`),
    // One person's cases within an organisation (docs/architecture.md §4, "The person's
    // history"): the history page and the same-person question read only that person's rows.
    index("referral_organisation_subject_email_idx").on(
      t.organisationId,
      sql`lower(trim(${t.subjectEmail}))`,
    ),
    // A reference or its beginning (REF-0…, OCC-AB…) within an organisation, in byte order (the
    // "C" collation, so LIKE 'REF-0%' is a range of it whatever the database's collation): the
    // word index below cannot say how few of one organisation's rows a prefix matches, and the
    // planner, guessing thousands, read the whole organisation in time order to find none
    // (docs/perf-notes-growth.md).
    index("referral_organisation_reference_idx").on(
      t.organisationId,
      sql`(${t.reference} collate "C")`,
    ),
    // The same in byte order across organisations, for a doctor's search: their cases are theirs
    // by assignment and queue, so the organisation-leading index above cannot serve them, and the
    // unique index on reference follows the database's collation, in which LIKE 'REF-0%' is no
    // range unless that collation is "C" (docs/perf-notes-growth.md, "Doctor's list").
    index("referral_reference_prefix_idx").on(sql`(${t.reference} collate "C")`),
    // The employer's list search (searchWords above).
    index("referral_search_words_idx").using("gin", t.searchWords),
  ],
);

/**
 * How many of an organisation's referrals are in each status, kept by the trigger
 * `referral_count_maintain` on referral (drizzle/*_referral_counts_trigger.sql), so the
 * dashboard's counters and the list's total cost the same at 100,000 referrals as at 100: they
 * never count the organisation's history.
 */
export const organisationReferralCount = pgTable(
  "organisation_referral_count",
  {
    organisationId: organisationIdColumn(),
    status: text("status", { enum: referralStatuses }).notNull(),
    referrals: integer("referrals").notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.status] })],
);

/** A link sent to the subject: only the SHA-256 of its 256-bit token is kept. */
export const assessmentInvitation = pgTable(
  "assessment_invitation",
  {
    id: primaryId(),
    referralId: referralIdColumn(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: instant("expires_at").notNull(),
    createdAt: createdAt(),
    lastOpenedAt: instant("last_opened_at"),
    remindersSent: integer("reminders_sent").notNull().default(0),
    revokedAt: instant("revoked_at"),
  },
  (t) => [index("assessment_invitation_referral_idx").on(t.referralId)],
);

/**
 * The transactional outbox for e-mail a referral's transition causes (ADR 0010): the row is
 * written in the transition's transaction, so a crash after the commit cannot lose the message.
 * It names what to send, never the message: an invitation's link is minted only when it is sent.
 * A sender claims a row for a short lease before sending (`claimed_until`), so the request that
 * caused it and the worker that drains the outbox never both send it; `message_id` is the
 * Message-ID the e-mail carries, the same on every attempt.
 */
/**
 * A message as the outbox keeps it until it is sent: sealed at rest, because a transition's
 * e-mail may name a case or what was said on it (docs/architecture.md §8, "The mail outbox").
 */
export type OutboxMessage = Omit<MailMessage, "messageId">;

/**
 * The transactional outbox (docs/architecture.md §8, "The mail outbox"): every e-mail a transition causes, written in
 * the transition's own transaction and sent after the commit by the request, the job, or the
 * worker's drain. `referral_invitation` is made when it is sent (its link is a fresh token, never
 * stored); `message` is the whole message, made in the transaction and kept sealed.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["referral_invitation", "message"] }).notNull(),
    referralId: uuid("referral_id").references(() => referral.id, { onDelete: "cascade" }),
    /** HEALTH PAYLOAD (sealed): the message of a `message` row, until it is sent. */
    message: encryptedJson<OutboxMessage>("message", "mail_outbox.message"),
    /**
     * What caused the row, for a cause that may run twice (a retried job): a second row with the
     * same key is not written, so the message is not sent twice.
     */
    dedupeKey: text("dedupe_key").unique("mail_outbox_dedupe_key_unique"),
    createdAt: instant("created_at").notNull().defaultNow(),
    claimedUntil: instant("claimed_until"),
    attempts: integer("attempts").notNull().default(0),
    sentAt: instant("sent_at"),
    messageId: text("message_id"),
  },
  (t) => [
    index("mail_outbox_unsent_idx").on(t.createdAt).where(sql`${t.sentAt} is null`),
    index("mail_outbox_referral_idx").on(t.referralId),
    check(
      "mail_outbox_kind_content",
      sql`(${t.kind} = 'message' and (${t.message} is not null or ${t.sentAt} is not null)) or (${t.kind} = 'referral_invitation' and ${t.referralId} is not null)`,
    ),
  ],
);

/** What the employer's Recent Activity shows: no health content, ever. */
export const referralActivity = pgTable(
  "referral_activity",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    referralId: referralIdColumn(),
    organisationId: organisationIdColumn(),
    /** Typed by the label map: every kind written has words for the employer. */
    kind: text("kind").$type<ActivityKind>().notNull(),
    /**
     * The status the case entered with this step; null where the step moved no status (a
     * reminder) and on rows written before it was kept. The API's status history reads it.
     */
    status: text("status", { enum: referralStatuses }),
    actorId: text("actor_id"),
    createdAt: createdAt(),
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

/** The referral a row hangs off. */
export function referralIdColumn() {
  return requiredUuidReference("referral_id", () => referral.id);
}
