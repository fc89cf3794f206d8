import { pruneLinkThrottle } from "~/domain/assessments/assessment-link-throttle.server.ts";
import { draftAssessmentReport } from "~/domain/assessments/draft-assessment-report.server.ts";
import { SAFETY_ALERT_JOB } from "~/domain/assessments/save-answers.server.ts";
import {
  SAFETY_REALERT_JOB,
  sendSafetyAlert,
  sendSafetyRealerts,
} from "~/domain/assessments/send-safety-alert.server.ts";
import { findStalledAssessments } from "~/domain/assessments/stalled-assessments.server.ts";
import { DRAFT_JOB } from "~/domain/assessments/submit-assessment.server.ts";
import { expireCredits } from "~/domain/billing/credit-ledger.server.ts";
import { renewDemoMemberships } from "~/domain/billing/renew-memberships.server.ts";
import {
  CONSULTATION_REMINDER_JOB,
  sendDueConsultationReminders,
} from "~/domain/consultations/reminders.server.ts";
import {
  CASE_SUBMITTED_JOB,
  notifyDoctorsOfSubmission,
  SLA_WARNING_JOB,
  sendSlaWarnings,
} from "~/domain/doctor/notify-doctors.server.ts";
import { registerEnquiryJobs } from "~/domain/enquiries/register-enquiry-jobs.server.ts";
import { eraseExpiredHealthData } from "~/domain/governance/erase-expired-health-data.server.ts";
import { systemScope } from "~/domain/kernel/scope.ts";
import {
  expireUnpaidReferrals,
  notifyUnpaidReferralExpired,
} from "~/domain/referrals/expire-unpaid-referrals.server.ts";
import {
  claimAutomaticReminders,
  expireInvitations,
} from "~/domain/referrals/invitation-follow-up.server.ts";
import { organisationDisplayName } from "~/domain/referrals/organisation-name.server.ts";
import { sendReferralInvitation } from "~/domain/referrals/send-referral-invitation.server.ts";
import {
  claimReviewReminders,
  sendReviewReminder,
} from "~/domain/reports/remind-report-review.server.ts";
import {
  REPORT_NOTIFICATION_JOB,
  REPORT_REVIEW_REMINDER_JOB,
  REPORT_REVIEW_REMINDERS_JOB,
  type ReportNotification,
  type ReportReviewReminder,
} from "~/domain/reports/report-jobs.ts";
import { sendReportNotification } from "~/domain/reports/send-report-notification.server.ts";
import { paymentConfirmationHooks } from "../payments/confirmation.server.ts";
import { createDemoProvider } from "../payments/demo-provider.server.ts";
import { registerRefundJobs } from "../payments/refunds.server.ts";
import type { Runtime } from "../runtime.server.ts";

/** Every background job of the product, declared in one place at start-up. */
export function registerJobHandlers(runtime: Runtime): void {
  const { jobs, database, logger } = runtime;
  registerEnquiryJobs(runtime);
  registerRefundJobs(runtime);

  jobs.register("billing-expire-credits", async () => {
    const expired = await expireCredits(database.db);
    logger.info({ expired }, "expired credits removed from balances");
  });
  jobs.schedule("billing-expire-credits", "10 0 * * *");

  // Retries of invitation e-mails: each attempt mints a fresh link (no secret waits in the queue).
  jobs.register<{ referralId: string; kind: "initial" | "reminder" }>(
    "referral-send-invitation",
    async ({ referralId, kind }) => {
      const { referral } = await import("~/db/schema/index.ts");
      const { eq } = await import("drizzle-orm");
      const [row] = await database.db.select().from(referral).where(eq(referral.id, referralId));
      if (!row || (row.status !== "invited" && row.status !== "in_progress")) return;
      await sendReferralInvitation(
        { db: database.db, mailer: runtime.mailer, publicUrl: runtime.config.PUBLIC_URL },
        {
          referral: row,
          organisationName: await organisationDisplayName(database.db, row.organisationId),
          kind,
        },
      );
    },
  );

  jobs.register("referral-follow-up", async () => {
    const expired = await expireInvitations(database.db);
    const due = await claimAutomaticReminders(database.db);
    for (const r of due)
      await jobs.send("referral-send-invitation", { referralId: r.id, kind: "reminder" });
    if (expired + due.length > 0)
      logger.info({ expired, reminded: due.length }, "invitation follow-up");
  });
  jobs.schedule("referral-follow-up", "5 * * * *");

  // Checkouts left unpaid for 7 days: the referral expires and the employer is told.
  jobs.register("referral-expire-unpaid", async () => {
    const expired = await expireUnpaidReferrals(database.db);
    for (const { referralId } of expired)
      await jobs.send("referral-unpaid-expired-notice", { referralId });
    if (expired.length > 0) logger.info({ expired: expired.length }, "unpaid referrals expired");
  });
  jobs.schedule("referral-expire-unpaid", "35 * * * *");
  jobs.register<{ referralId: string }>(
    "referral-unpaid-expired-notice",
    async ({ referralId }) => {
      await notifyUnpaidReferralExpired(
        { db: database.db, mailer: runtime.mailer, publicUrl: runtime.config.PUBLIC_URL },
        { referralId },
      );
    },
  );

  if (runtime.payments.id === "demo") {
    const demo = createDemoProvider();
    jobs.register("billing-renew-memberships", async () => {
      const renewed = await renewDemoMemberships(
        database.db,
        paymentConfirmationHooks(runtime),
        demo.confirmationEvent,
      );
      if (renewed > 0) logger.info({ renewed }, "demo memberships renewed");
    });
    jobs.schedule("billing-renew-memberships", "*/15 * * * *");
  }

  // The AI-assisted draft of a submitted assessment. A throw makes pg-boss retry with backoff;
  // the answers are committed before this job exists and are only read here.
  jobs.register<{ responseId: string }>(DRAFT_JOB, async ({ responseId }) => {
    const result = await draftAssessmentReport(database.db, { responseId });
    logger.info(
      { responseId, draftId: result?.draft.id, created: result?.created ?? false },
      result ? "assessment draft ready" : "assessment draft skipped: response not completed",
    );
    // The case is in the doctor queue once its draft exists; a retried draft job tells nobody twice.
    if (result?.created)
      await jobs.send(CASE_SUBMITTED_JOB, { referralId: result.draft.referralId });
  });

  const doctorMail = {
    db: database.db,
    mailer: runtime.mailer,
    publicUrl: runtime.config.PUBLIC_URL,
  };
  jobs.register<{ referralId: string }>(CASE_SUBMITTED_JOB, async ({ referralId }) => {
    const told = await notifyDoctorsOfSubmission(doctorMail, { referralId });
    logger.info({ referralId, doctors: told }, "doctors told of a new case");
  });

  // Drafts and safety alerts whose jobs were lost between a commit and the queue: queued again.
  jobs.register("assessment-follow-up", async () => {
    const stalled = await findStalledAssessments(database.db);
    for (const responseId of stalled.undraftedResponseIds)
      await jobs.send(DRAFT_JOB, { responseId });
    for (const referralId of stalled.unalertedReferralIds)
      await jobs.send(SAFETY_ALERT_JOB, { referralId });
    if (stalled.undraftedResponseIds.length + stalled.unalertedReferralIds.length > 0)
      logger.warn(
        {
          drafts: stalled.undraftedResponseIds.length,
          alerts: stalled.unalertedReferralIds.length,
        },
        "assessment jobs queued again",
      );
  });
  jobs.schedule("assessment-follow-up", "*/10 * * * *");

  jobs.register<{ referralId: string }>(SAFETY_ALERT_JOB, async ({ referralId }) => {
    const outcome = await sendSafetyAlert(
      {
        db: database.db,
        mailer: runtime.mailer,
        onCallEmail: runtime.config.CLINICAL_ONCALL_EMAIL,
        publicUrl: runtime.config.PUBLIC_URL,
      },
      { referralId },
    );
    logger.warn({ referralId, outcome }, "assessment safety alert");
  });

  // Every five minutes, so a case waits at most 2 h 5 min for its reminder to the on-call.
  jobs.register(SAFETY_REALERT_JOB, async () => {
    const sent = await sendSafetyRealerts({
      db: database.db,
      mailer: runtime.mailer,
      onCallEmail: runtime.config.CLINICAL_ONCALL_EMAIL,
      publicUrl: runtime.config.PUBLIC_URL,
    });
    if (sent > 0) logger.warn({ sent }, "safety re-alerts sent: urgent cases not yet contacted");
  });
  jobs.schedule(SAFETY_REALERT_JOB, "*/5 * * * *");

  jobs.register(SLA_WARNING_JOB, async () => {
    const warned = await sendSlaWarnings(doctorMail);
    if (warned > 0) logger.warn({ warned }, "SLA warnings sent");
  });
  jobs.schedule(SLA_WARNING_JOB, "*/10 * * * *");

  // Every five minutes: the 24-hour and 1-hour reminders claim themselves, so reruns send nothing twice.
  jobs.register(CONSULTATION_REMINDER_JOB, async () => {
    const sent = await sendDueConsultationReminders({
      db: database.db,
      mailer: runtime.mailer,
      publicUrl: runtime.config.PUBLIC_URL,
    });
    if (sent.sent24h + sent.sent1h > 0) logger.info(sent, "consultation reminders sent");
  });
  jobs.schedule(CONSULTATION_REMINDER_JOB, "*/5 * * * *");

  jobs.register("assessment-link-throttle-prune", async () => {
    const pruned = await pruneLinkThrottle(database.db);
    if (pruned > 0) logger.info({ pruned }, "ended link-throttle windows removed");
  });
  jobs.schedule("assessment-link-throttle-prune", "40 3 * * *");

  // Retention (ADR 0008): erase health data whose period has run out; the case record stays.
  jobs.register("governance-retention-purge", async () => {
    const scope = systemScope(database.db, "governance-retention-purge");
    const erased = await eraseExpiredHealthData(scope, {
      periods: {
        preEmploymentMonths: runtime.config.RETENTION_PRE_EMPLOYMENT_MONTHS,
        managementMonths: runtime.config.RETENTION_MANAGEMENT_MONTHS,
        abandonedInvitationDays: runtime.config.RETENTION_ABANDONED_INVITATION_DAYS,
      },
    });
    if (erased.length > 0)
      logger.info({ erased: erased.length }, "retention: expired health data erased");
  });
  jobs.schedule("governance-retention-purge", "20 2 * * *");

  // The review and release of reports: outcome e-mails (retried until delivered) and the one
  // reminder before the person's review window ends.
  const mailDeps = () => ({
    db: database.db,
    mailer: runtime.mailer,
    publicUrl: runtime.config.PUBLIC_URL,
  });
  jobs.register<ReportNotification>(REPORT_NOTIFICATION_JOB, async (notification) => {
    const { sent } = await sendReportNotification(mailDeps(), notification);
    logger.info({ ...notification, sent }, "report notification");
  });
  jobs.register(REPORT_REVIEW_REMINDERS_JOB, async () => {
    const due = await claimReviewReminders(database.db);
    for (const reportId of due)
      await jobs.send(REPORT_REVIEW_REMINDER_JOB, { reportId } satisfies ReportReviewReminder);
    if (due.length > 0) logger.info({ reminded: due.length }, "report review reminders");
  });
  jobs.schedule(REPORT_REVIEW_REMINDERS_JOB, "20 * * * *");
  jobs.register<ReportReviewReminder>(REPORT_REVIEW_REMINDER_JOB, async ({ reportId }) => {
    const outcome = await sendReviewReminder(mailDeps(), { reportId });
    logger.info({ reportId, outcome }, "report review reminder");
  });
}
