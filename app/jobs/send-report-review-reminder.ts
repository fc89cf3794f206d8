import { z } from "zod";
import { sendReviewReminder } from "~/domain/reports/remind-report-review.server.ts";
import {
  REPORT_REVIEW_REMINDER_JOB,
  type ReportReviewReminder,
} from "~/domain/reports/report-jobs.ts";
import { defineJob } from "./job.ts";

/** The one reminder before the person's review window ends, with a fresh link. */
export const sendReportReviewReminderJob = defineJob({
  name: REPORT_REVIEW_REMINDER_JOB,
  payload: z.object({ reportId: z.string() }) satisfies z.ZodType<ReportReviewReminder>,
  async handle(scope, runtime, { reportId }) {
    const outcome = await sendReviewReminder(scope, { reportId });
    runtime.logger.info({ reportId, outcome }, "report review reminder");
  },
});
