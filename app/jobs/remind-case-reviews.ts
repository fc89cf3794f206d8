import { remindDueCaseReviews } from "~/domain/reports/case-reviews.server.ts";
import { CASE_REVIEW_REMINDERS_JOB } from "~/domain/reports/report-jobs.ts";
import { defineScheduledJob } from "./job.ts";

/**
 * Hourly from 07:50 to 17:50, UK time: the reviews due in five working days are e-mailed to the
 * people on their case. Each claims itself, so a rerun or a second process sends nothing twice;
 * the hours after the first catch a run that failed, and nobody is e-mailed at midnight.
 */
export const remindCaseReviewsJob = defineScheduledJob({
  name: CASE_REVIEW_REMINDERS_JOB,
  schedule: "50 7-17 * * *",
  async handle(scope, { logger }) {
    const reminded = await remindDueCaseReviews(scope);
    if (reminded > 0) logger.info({ reminded }, "case review reminders");
  },
});
