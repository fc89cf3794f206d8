import { claimReviewReminders } from "~/domain/reports/remind-report-review.server.ts";
import { REPORT_REVIEW_REMINDERS_JOB } from "~/domain/reports/report-jobs.ts";
import { defineScheduledJob } from "./job.ts";
import { sendReportReviewReminderJob } from "./send-report-review-reminder.ts";

/** Hourly: the reports whose one review reminder is due are claimed, and a reminder queued for each. */
export const claimReportReviewRemindersJob = defineScheduledJob({
  name: REPORT_REVIEW_REMINDERS_JOB,
  schedule: "20 * * * *",
  async handle(scope, { jobs, logger }) {
    const due = await claimReviewReminders(scope, async (tx, reportId) => {
      await jobs.send(sendReportReviewReminderJob.name, { reportId }, { tx });
    });
    if (due.length > 0) logger.info({ reminded: due.length }, "report review reminders");
  },
});
