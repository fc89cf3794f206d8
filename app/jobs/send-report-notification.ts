import { z } from "zod";
import { REPORT_NOTIFICATION_JOB, type ReportNotification } from "~/domain/reports/report-jobs.ts";
import { sendReportNotification } from "~/domain/reports/send-report-notification.server.ts";
import { defineJob } from "./job.ts";

/** One e-mail about a report's outcome, retried until delivered. */
export const sendReportNotificationJob = defineJob({
  name: REPORT_NOTIFICATION_JOB,
  payload: z.object({
    reportId: z.string(),
    kind: z.enum(["correction_requested", "released", "withheld", "amendment_withheld"]),
    version: z.number().int().positive().optional(),
  }) satisfies z.ZodType<ReportNotification>,
  async handle(scope, runtime, notification) {
    const { sent } = await sendReportNotification(scope, notification);
    runtime.logger.info({ ...notification, sent }, "report notification");
  },
});
