import type { Runtime } from "~/services/runtime.server.ts";
import { claimReportReviewRemindersJob } from "./claim-report-review-reminders.ts";
import { deliverWebhooksJob } from "./deliver-webhooks.ts";
import { draftAssessmentReportJob } from "./draft-assessment-report.ts";
import { drainMailOutboxJob } from "./drain-mail-outbox.ts";
import { eraseExpiredHealthDataJob } from "./erase-expired-health-data.ts";
import { expireCreditsJob } from "./expire-credits.ts";
import { expireUnpaidReferralsJob } from "./expire-unpaid-referrals.ts";
import { followUpInvitationsJob } from "./follow-up-invitations.ts";
import { type Job, registerJob } from "./job.ts";
import { notifyDoctorsOfSubmissionJob } from "./notify-doctors-of-submission.ts";
import { notifyReferralDeclinedJob } from "./notify-referral-declined.ts";
import { notifyUnpaidReferralExpiredJob } from "./notify-unpaid-referral-expired.ts";
import { pruneRateLimitsJob } from "./prune-rate-limits.ts";
import { remindCaseReviewsJob } from "./remind-case-reviews.ts";
import { renewDemoMembershipsJob } from "./renew-demo-memberships.ts";
import { requeueStalledAssessmentsJob } from "./requeue-stalled-assessments.ts";
import { retryEnquiryEmailJob } from "./retry-enquiry-email.ts";
import { sendConsultationRemindersJob } from "./send-consultation-reminders.ts";
import { sendReferralInvitationJob } from "./send-referral-invitation.ts";
import { sendReportNotificationJob } from "./send-report-notification.ts";
import { sendReportReviewReminderJob } from "./send-report-review-reminder.ts";
import { sendSafetyAlertJob } from "./send-safety-alert.ts";
import { sendSafetyRealertsJob } from "./send-safety-realerts.ts";
import { sendSlaWarningsJob } from "./send-sla-warnings.ts";
import { followUpRefundsJob, settleRefundJob } from "./settle-refund.ts";

/** Every background job of the product (docs/architecture.md §3), one file each in app/jobs/. */
export const backgroundJobs = [
  retryEnquiryEmailJob,
  expireCreditsJob,
  sendReferralInvitationJob,
  drainMailOutboxJob,
  followUpInvitationsJob,
  expireUnpaidReferralsJob,
  notifyUnpaidReferralExpiredJob,
  notifyReferralDeclinedJob,
  draftAssessmentReportJob,
  notifyDoctorsOfSubmissionJob,
  requeueStalledAssessmentsJob,
  sendSafetyAlertJob,
  sendSafetyRealertsJob,
  sendSlaWarningsJob,
  sendConsultationRemindersJob,
  pruneRateLimitsJob,
  eraseExpiredHealthDataJob,
  sendReportNotificationJob,
  claimReportReviewRemindersJob,
  sendReportReviewReminderJob,
  remindCaseReviewsJob,
  deliverWebhooksJob,
] as const satisfies readonly Job[];

/** Every job the product declares, the ones registered on a condition included. */
type ProductJob =
  | (typeof backgroundJobs)[number]
  | typeof renewDemoMembershipsJob
  | typeof settleRefundJob
  | typeof followUpRefundsJob;

/**
 * Each job's name and the payload its schema accepts, read from the declarations (Documenso's
 * typed job client): `JobQueue.send` takes a name of this map and its payload, so queueing a job
 * with a payload its handler would refuse fails to compile instead of failing in the worker.
 */
export type JobPayloads = {
  [J in ProductJob as J["name"]]: J extends Job<infer P, infer _R, string> ? P : never;
};
export type JobName = keyof JobPayloads & string;

/** The sweeps that also run once at start-up, for work a crash dropped before the queue had it. */
export const startupJobs = [
  requeueStalledAssessmentsJob.name,
  followUpInvitationsJob.name,
  drainMailOutboxJob.name,
  deliverWebhooksJob.name,
] as const;

/**
 * Schedules of jobs that no longer exist, taken off the queue at start so pg-boss stops creating
 * jobs nobody works: the link-throttle prune became `rate-limit-prune`.
 */
export const retiredSchedules = ["assessment-link-throttle-prune"];

/** Declares every background job at start-up (app/runtime.server.ts wires this into the runtime). */
export function registerJobs(runtime: Runtime): void {
  for (const job of backgroundJobs) registerJob(runtime, job);
  if (runtime.payments.id === "demo") registerJob(runtime, renewDemoMembershipsJob);
  // The refund jobs also need the payment provider, which other jobs never see.
  registerJob(runtime, settleRefundJob);
  registerJob(runtime, followUpRefundsJob);
  for (const name of retiredSchedules) runtime.jobs.unschedule(name);
}
