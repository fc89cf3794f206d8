import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { encryptedText } from "../encryption/column-types.ts";
import { instant, primaryId } from "./columns.ts";
import { referralIdColumn } from "./referrals.ts";

/*
 * The conversation inside a case (docs/architecture.md §4, "The case conversation"): two threads
 * that never mix. `employer_doctor` is the organisation's members who may see the case and the
 * doctor on it (job, workplace and report clarifications); `person_doctor` is the person and the
 * doctor. The employer never reads the person's thread; the person reads a message of the
 * employer's thread only where the doctor shares it with them.
 */
export const caseThreads = ["employer_doctor", "person_doctor"] as const;
export type CaseThread = (typeof caseThreads)[number];

/** Who wrote a message or sent a document: the member's team role, the doctor, or the person. */
export const caseAuthorRoles = ["owner", "hr_admin", "manager", "doctor", "person"] as const;
export type CaseAuthorRole = (typeof caseAuthorRoles)[number];

export const caseMessage = pgTable(
  "case_message",
  {
    id: primaryId(),
    referralId: referralIdColumn(),
    thread: text("thread").$type<CaseThread>().notNull(),
    /** The author's account; null for the person, who has none (their link is the key). */
    authorUserId: text("author_user_id"),
    authorRole: text("author_role").$type<CaseAuthorRole>().notNull(),
    /** The name shown beside the message, as it was when written. */
    authorName: text("author_name").notNull(),
    /** HEALTH PAYLOAD (sealed): a message about a case may name anything about the person. */
    body: encryptedText("body", "case_message.body").notNull(),
    /** A doctor's message in the employer's thread that the person may also read. */
    sharedWithPerson: boolean("shared_with_person").notNull().default(false),
    sentAt: instant("sent_at").notNull().defaultNow(),
    /** When the other side first opened the thread with this message in it. */
    readAt: instant("read_at"),
  },
  (t) => [
    index("case_message_referral_idx").on(t.referralId, t.thread, t.sentAt),
    // The lists' "new message" flag asks, for each row of one page, whether a case holds a message
    // the other side has not opened yet: only unread rows are indexed, so the probe reads the few
    // waiting messages of that case, never its history (docs/architecture.md §4, "The case
    // conversation").
    index("case_message_unread_idx")
      .on(t.referralId, t.thread, t.authorRole)
      .where(sql`${t.readAt} is null`),
  ],
);

export const caseDocumentKinds = [
  "fit_note",
  "job_description",
  "risk_assessment",
  "clinical_letter",
  "other",
] as const;
export type CaseDocumentKind = (typeof caseDocumentKinds)[number];

export const caseDocument = pgTable(
  "case_document",
  {
    id: primaryId(),
    referralId: referralIdColumn(),
    /** The thread it was posted in: who may read it follows from here and from the sharing flag. */
    thread: text("thread").$type<CaseThread>().notNull(),
    kind: text("kind").$type<CaseDocumentKind>().notNull(),
    uploaderUserId: text("uploader_user_id"),
    uploaderRole: text("uploader_role").$type<CaseAuthorRole>().notNull(),
    uploaderName: text("uploader_name").notNull(),
    /** An employer's document the uploader chose to show the person as well. */
    sharedWithPerson: boolean("shared_with_person").notNull().default(false),
    /** HEALTH PAYLOAD (sealed): a file's name often says what it is about ("GP letter - asthma"). */
    fileName: encryptedText("file_name", "case_document.file_name").notNull(),
    /** The type its content was verified as, never the name's extension. */
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    /** HEALTH PAYLOAD (sealed): the file itself, base64 inside the seal. */
    content: encryptedText("content", "case_document.content").notNull(),
    /** Which scanners passed it, for the audit: "active-content", "active-content+clamd". */
    scannedBy: text("scanned_by").notNull(),
    /** The message it was sent with, if any. */
    messageId: uuid("message_id").references(() => caseMessage.id),
    uploadedAt: instant("uploaded_at").notNull().defaultNow(),
  },
  (t) => [index("case_document_referral_idx").on(t.referralId, t.uploadedAt)],
);
