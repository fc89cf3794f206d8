import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { encryptedText } from "../encryption/column-types.ts";
import { session } from "./auth.ts";
import { referral } from "./referrals.ts";

/**
 * The doctor's question to the subject when the answers are not enough to write the report.
 * The subject answers by replying to the e-mail (the clinical inbox), so the status we can
 * honestly show is only "sent on …"; the doctor records the answer when it arrives.
 */
export const subjectInformationRequest = pgTable(
  "subject_information_request",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referralId: uuid("referral_id")
      .notNull()
      .references(() => referral.id),
    doctorId: text("doctor_id").notNull(),
    /** HEALTH PAYLOAD: the doctor's question may name the condition. */
    /** HEALTH PAYLOAD (sealed): the doctor may name the condition in the question. */
    question: encryptedText("question", "subject_information_request.question").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
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
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last time this session's user entered an authenticator code to sign a report (a step-up,
 * docs/decisions/0010-report-audiences.md): signing needs one within the last 5 minutes. Keyed by
 * session, so a code entered on one device never vouches for another; gone with the session.
 */
export const signingStepUp = pgTable("signing_step_up", {
  sessionId: text("session_id")
    .primaryKey()
    .references(() => session.id, { onDelete: "cascade" }),
  userId: text("user_id").notNull(),
  verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull(),
});
