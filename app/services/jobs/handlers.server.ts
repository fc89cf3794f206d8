import { pruneLinkThrottle } from "~/domain/assessments/assessment-link-throttle.server.ts";
import { draftAssessmentReport } from "~/domain/assessments/draft-assessment-report.server.ts";
import { SAFETY_ALERT_JOB } from "~/domain/assessments/save-answers.server.ts";
import { sendSafetyAlert } from "~/domain/assessments/send-safety-alert.server.ts";
import { DRAFT_JOB } from "~/domain/assessments/submit-assessment.server.ts";
import { expireCredits } from "~/domain/billing/credit-ledger.server.ts";
import { renewDemoMemberships } from "~/domain/billing/renew-memberships.server.ts";
import { paymentConfirmationHooks } from "../payments/confirmation.server.ts";
import { createDemoProvider } from "../payments/demo-provider.server.ts";
import type { Runtime } from "../runtime.server.ts";

/** Every background job of the product, declared in one place at start-up. */
export function registerJobHandlers(runtime: Runtime): void {
  const { jobs, database, logger } = runtime;

  jobs.register("billing-expire-credits", async () => {
    const expired = await expireCredits(database.db);
    logger.info({ expired }, "expired credits removed from balances");
  });
  jobs.schedule("billing-expire-credits", "10 0 * * *");

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
