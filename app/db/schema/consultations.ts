import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { encryptedText } from "../encryption/column-types.ts";
import { createdAt, instant, primaryId, requiredUuidReference, updatedAt } from "./columns.ts";
import { referralIdColumn } from "./referrals.ts";

/**
 * A doctor's weekly consultation hours, in Europe/London wall-clock time: "Mondays 09:00–12:00"
 * stays 09:00 in London across the clock changes, so times are kept as minutes after local
 * midnight and turned into instants only when slots are generated.
 */
export const consultationAvailability = pgTable(
  "consultation_availability",
  {
    id: primaryId(),
    doctorId: text("doctor_id").notNull(),
    /** ISO weekday: 1 Monday … 7 Sunday. */
    weekday: integer("weekday").notNull(),
    startMinute: integer("start_minute").notNull(),
    endMinute: integer("end_minute").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("consultation_availability_doctor_idx").on(t.doctorId, t.weekday)],
);

/** Days (London dates) a doctor takes no consultations: holidays, training, leave. */
export const consultationException = pgTable(
  "consultation_exception",
  {
    id: primaryId(),
    doctorId: text("doctor_id").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    label: text("label").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("consultation_exception_doctor_idx").on(t.doctorId, t.startDate)],
);

/**
 * - `offered`: the doctor offered times; waiting for the subject to pick one.
 * - `times_requested`: the subject asked for other times; the doctor offers again.
 * - `booked`: a time is agreed; reminders go out and the room opens shortly before.
 * - `completed`: the call took place (the doctor's notes are on the case).
 * - `no_show`: the subject did not join; they are offered a new time in a new consultation.
 * - `cancelled`: by either side; a new consultation may be offered.
 */
export const consultationStatuses = [
  "offered",
  "times_requested",
  "booked",
  "completed",
  "no_show",
  "cancelled",
] as const;
export type ConsultationStatus = (typeof consultationStatuses)[number];

export const consultation = pgTable(
  "consultation",
  {
    /** Also the video room's id: /consultation/:id. */
    id: primaryId(),
    referralId: referralIdColumn(),
    doctorId: text("doctor_id").notNull(),
    status: text("status", { enum: consultationStatuses }).notNull(),
    startsAt: instant("starts_at"),
    durationMinutes: integer("duration_minutes").notNull().default(30),
    /** Bumped on every booking change so calendar clients replace the old event (.ics SEQUENCE). */
    sequence: integer("sequence").notNull().default(0),
    cancelledBy: text("cancelled_by", { enum: ["doctor", "subject"] }),
    /**
     * The SHA-256 of the person's room token: the secret in the join link of their calendar
     * invitation and booking e-mail. It opens this consultation's room and nothing else (not the
     * assessment), and is minted at booking, dropped when the booking moves or ends, and stops
     * working when the room closes (docs/video-consultations.md, "Admission").
     */
    roomTokenHash: text("room_token_hash"),
    roomTokenExpiresAt: instant("room_token_expires_at"),
    reminder24hSentAt: instant("reminder_24h_sent_at"),
    reminder1hSentAt: instant("reminder_1h_sent_at"),
    /** HEALTH PAYLOAD (sealed): the doctor's consultation notes. */
    notes: encryptedText("notes", "consultation.notes"),
    notesUpdatedAt: instant("notes_updated_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    bookedAt: instant("booked_at"),
    endedAt: instant("ended_at"),
  },
  (t) => [
    index("consultation_referral_idx").on(t.referralId, t.createdAt.desc().nullsFirst()),
    index("consultation_doctor_idx").on(t.doctorId, t.startsAt),
    index("consultation_reminder_idx").on(t.status, t.startsAt),
    // At most one consultation in play per case: the next one is offered after this one ends.
    uniqueIndex("consultation_one_open_per_referral")
      .on(t.referralId)
      .where(sql`${t.status} in ('offered', 'times_requested', 'booked')`),
  ],
);

/** The times the doctor offered for one round; the subject picks one of them. */
export const consultationOffer = pgTable(
  "consultation_offer",
  {
    id: primaryId(),
    consultationId: requiredUuidReference("consultation_id", () => consultation.id),
    startsAt: instant("starts_at").notNull(),
    /** Offers of earlier rounds stay for the record but can no longer be picked. */
    withdrawnAt: instant("withdrawn_at"),
  },
  (t) => [index("consultation_offer_consultation_idx").on(t.consultationId)],
);
