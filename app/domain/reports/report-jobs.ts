/** Background jobs of the review and release (their handlers are in app/jobs/). */

/** One e-mail about a report's outcome; a failure throws and pg-boss retries with backoff. */
export const REPORT_NOTIFICATION_JOB = "report-notification";
export type ReportNotificationKind =
  | "correction_requested"
  | "released"
  | "withheld"
  | "amendment_withheld";
export interface ReportNotification {
  reportId: string;
  kind: ReportNotificationKind;
  /** The version decided on, where the report's current version no longer names it. */
  version?: number;
}

/** Hourly: claims the reports whose one review reminder is due. */
export const REPORT_REVIEW_REMINDERS_JOB = "report-review-reminders";
/** One reminder e-mail with a fresh link (no usable secret waits in the queue). */
export const REPORT_REVIEW_REMINDER_JOB = "report-review-reminder";
export interface ReportReviewReminder {
  reportId: string;
}

/** Hourly in the working day: the reviews whose reminder day has come are e-mailed once each. */
export const CASE_REVIEW_REMINDERS_JOB = "case-review-reminders";
