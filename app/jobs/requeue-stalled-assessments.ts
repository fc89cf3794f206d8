import { findStalledAssessments } from "~/domain/assessments/stalled-assessments.server.ts";
import { draftAssessmentReportJob } from "./draft-assessment-report.ts";
import { defineScheduledJob } from "./job.ts";
import { sendSafetyAlertJob } from "./send-safety-alert.ts";

/** Every 10 minutes (and at start-up): drafts and safety alerts whose jobs were lost are queued again. */
export const requeueStalledAssessmentsJob = defineScheduledJob({
  name: "assessment-follow-up",
  schedule: "*/10 * * * *",
  async handle(scope, { jobs, logger }) {
    const stalled = await findStalledAssessments(scope);
    for (const responseId of stalled.undraftedResponseIds)
      await jobs.send(draftAssessmentReportJob.name, { responseId });
    for (const referralId of stalled.unalertedReferralIds)
      await jobs.send(sendSafetyAlertJob.name, { referralId });
    if (stalled.undraftedResponseIds.length + stalled.unalertedReferralIds.length > 0)
      logger.warn(
        {
          drafts: stalled.undraftedResponseIds.length,
          alerts: stalled.unalertedReferralIds.length,
        },
        "assessment jobs queued again",
      );
  },
});
