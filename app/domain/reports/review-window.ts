import { addWorkingDays } from "~/domain/calendar/working-days.ts";

/*
 * The person's review window: a number of working days from when the report is sent,
 * with one reminder before it ends. Weekends and bank holidays do not count; the window is a
 * target, not a deadline after which anything is released: nothing reaches the employer without
 * the person's approval.
 */

/** When the review window of a report sent at `sentAt` ends. */
export function reviewDueAt(sentAt: Date, workingDays: number): Date {
  return addWorkingDays(sentAt, workingDays);
}

/** Working days before the end of the window at which the one reminder goes out. */
export const REMINDER_WORKING_DAYS_BEFORE_DUE = 2;

/** When the one reminder is due for a window ending at `dueAt`. */
export function reviewReminderAt(dueAt: Date): Date {
  return addWorkingDays(dueAt, -REMINDER_WORKING_DAYS_BEFORE_DUE);
}
