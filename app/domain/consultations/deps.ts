import type { Database } from "~/db/client.server.ts";
import type { Mailer } from "~/services/mail/mailer.server.ts";

/** What the consultation e-mails need beyond the scope: the mailer and the links' origin. */
export interface ConsultationMailDeps {
  mailer: Mailer;
  publicUrl: string;
}

/** The reminders job, which runs with no one acting, also takes the database. */
export interface ConsultationDeps extends ConsultationMailDeps {
  db: Database;
}

/** Offers must leave the subject time to read the e-mail. */
export const OFFER_NOTICE_MS = 2 * 60 * 60 * 1000;
export const MAX_OFFERED_TIMES = 5;
/** The room opens this long before the start and closes this long after the end. */
export const ROOM_OPENS_BEFORE_MS = 30 * 60 * 1000;
export const ROOM_CLOSES_AFTER_MS = 60 * 60 * 1000;
