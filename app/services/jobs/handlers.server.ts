import { pruneLinkThrottle } from "~/domain/assessments/assessment-link-throttle.server.ts";
import { draftAssessmentReport } from "~/domain/assessments/draft-assessment-report.server.ts";
import { SAFETY_ALERT_JOB } from "~/domain/assessments/save-answers.server.ts";
import { sendSafetyAlert } from "~/domain/assessments/send-safety-alert.server.ts";
import { DRAFT_JOB } from "~/domain/assessments/submit-assessment.server.ts";
import { expireCredits } from "~/domain/billing/credit-ledger.server.ts";
import { renewDemoMemberships } from "~/domain/billing/renew-memberships.server.ts";
import { registerEnquiryJobs } from "~/domain/enquiries/register-enquiry-jobs.server.ts";
import {
  claimAutomaticReminders,
  expireInvitations,
} from "~/domain/referrals/invitation-follow-up.server.ts";
import { organisationDisplayName } from "~/domain/referrals/organisation-name.server.ts";
import { sendReferralInvitation } from "~/domain/referrals/send-referral-invitation.server.ts";
import { paymentConfirmationHooks } from "../payments/confirmation.server.ts";
import { createDemoProvider } from "../payments/demo-provider.server.ts";
import type { Runtime } from "../runtime.server.ts";

/** Every background job of the product, declared in one place at start-up. */
export function registerJobHandlers(runtime: Runtime): void {
  const { jobs, database, logger } = runtime;
  registerEnquiryJobs(runtime);

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
  });

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

  jobs.register("assessment-link-throttle-prune", async () => {
    const pruned = await pruneLinkThrottle(database.db);
    if (pruned > 0) logger.info({ pruned }, "ended link-throttle windows removed");
  });
  jobs.schedule("assessment-link-throttle-prune", "40 3 * * *");
}
