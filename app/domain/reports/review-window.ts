/*
 * The person's review window (issue 8): a number of working days from when the report is sent,
 * with one reminder before it ends. Weekends do not count; the window is a target, not a deadline
 * after which anything is released: nothing reaches the employer without the person's approval.
 */

function isWeekend(date: Date): boolean {
  const day = date.getUTCDay();
  return day === 0 || day === 6;
}

/** `from` moved by `days` working days (Monday to Friday), keeping the time of day. */
export function addWorkingDays(from: Date, days: number): Date {
  const result = new Date(from.getTime());
  const step = days >= 0 ? 1 : -1;
  let left = Math.abs(days);
  while (left > 0) {
    result.setUTCDate(result.getUTCDate() + step);
    if (!isWeekend(result)) left -= 1;
  }
  return result;
}

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
