import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { encryptedText } from "../encryption/column-types.ts";
import { session } from "./auth.ts";
import { createdAt, instant, primaryId, updatedAt } from "./columns.ts";
import { referral, referralIdColumn } from "./referrals.ts";

/**
 * Retired: the doctor's questions to the person and their replies from before the case
 * conversation. Nothing writes here any more; at start-up each row moves into the person's thread
 * (`case_message`, app/domain/case-conversation/move-doctor-questions.server.ts) and is deleted, so
 * the table is empty once a server has started. It stays in the schema so that no generated
 * migration drops it before the move has run on every database (docs/architecture.md §4, "The
 * case conversation"); retention still erases a row the move could not open.
 */
export const subjectInformationRequest = pgTable(
  "subject_information_request",
  {
    id: primaryId(),
    referralId: referralIdColumn(),
    doctorId: text("doctor_id").notNull(),
    /** HEALTH PAYLOAD (sealed): the doctor may name the condition in the question. */
    question: encryptedText("question", "subject_information_request.question").notNull(),
    sentAt: instant("sent_at").notNull().defaultNow(),
    /** HEALTH PAYLOAD (sealed): the person's answer, given on their link page. */
    reply: encryptedText("reply", "subject_information_request.reply"),
    answeredAt: instant("answered_at"),
  },
  (t) => [
    index("subject_information_request_referral_idx").on(
      t.referralId,
      t.sentAt.desc().nullsFirst(),
    ),
  ],
);

/**
 * One row per referral whose SLA passed 75 %: the warning job claims a referral by inserting
 * here, so however often it runs (or on however many processes) a warning goes out once.
 */
export const slaWarning = pgTable("sla_warning", {
  referralId: uuid("referral_id")
    .primaryKey()
    .references(() => referral.id),
  sentAt: instant("sent_at").notNull().defaultNow(),
});

export const contactMethods = ["phone", "sms", "email", "video", "other"] as const;
export const contactOutcomes = [
  "reached",
  "no_answer",
  "left_message",
  "wrong_number",
  "other",
] as const;

/**
 * The safety contact log of an urgent case: each attempt a doctor made to reach the person. One
 * `reached` attempt ends "not yet contacted" and the on-call re-alerts.
 */
export const safetyContactAttempt = pgTable(
  "safety_contact_attempt",
  {
    id: primaryId(),
    referralId: referralIdColumn(),
    doctorId: text("doctor_id").notNull(),
    attemptedAt: instant("attempted_at").notNull(),
    method: text("method", { enum: contactMethods }).notNull(),
    outcome: text("outcome", { enum: contactOutcomes }).notNull(),
    /** HEALTH PAYLOAD (sealed): what was said may be clinical. */
    note: encryptedText("note", "safety_contact_attempt.note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("safety_contact_attempt_referral_idx").on(
      t.referralId,
      t.attemptedAt.desc().nullsFirst(),
    ),
  ],
);

/**
 * The last time this session's user entered an authenticator code to sign a report (a step-up,
 * docs/decisions/0011-report-audiences.md): signing needs one within the last 5 minutes. Keyed by
 * session, so a code entered on one device never vouches for another; gone with the session.
 */
export const signingStepUp = pgTable("signing_step_up", {
  sessionId: text("session_id")
    .primaryKey()
    .references(() => session.id, { onDelete: "cascade" }),
  userId: text("user_id").notNull(),
  verifiedAt: instant("verified_at").notNull(),
});

/**
 * The doctor's private clinical notes on a case (docs/decisions/0011-report-audiences.md): one
 * text per case, saved apart from the report so nothing in it can reach the employer. Read and
 * written only by the doctor on the case or an administrator, each time audited; part of the
 * person's subject access export and erased with the rest of the case's health data.
 */
export const caseClinicalNote = pgTable(
  "case_clinical_note",
  {
    // Re-sealing walks rows by a uuid `id` (app/db/encryption/reseal.server.ts).
    id: primaryId(),
    referralId: referralIdColumn(),
    /** The doctor who last wrote the notes. */
    doctorId: text("doctor_id").notNull(),
    /** HEALTH PAYLOAD (sealed): clinical reasoning, never part of the report. */
    notes: encryptedText("notes", "case_clinical_note.notes").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("case_clinical_note_referral_idx").on(t.referralId)],
);
