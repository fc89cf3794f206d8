import { z } from "zod";
import { SAFETY_ALERT_JOB } from "~/domain/assessments/save-answers.server.ts";
import { sendSafetyAlert } from "~/domain/assessments/send-safety-alert.server.ts";
import type { Scope, SystemActor } from "~/domain/kernel/index.ts";
import { defineJob, type JobRuntime, mailDeps } from "./job.ts";

/** The on-call clinician's address joins the usual mail dependencies for safety alerts. */
export function safetyAlertDeps(scope: Scope<SystemActor>, runtime: JobRuntime) {
  return { ...mailDeps(scope, runtime), onCallEmail: runtime.config.CLINICAL_ONCALL_EMAIL };
}

/** An answer flagged the case urgent: the on-call is e-mailed (queued in the answer's transaction). */
export const sendSafetyAlertJob = defineJob({
  name: SAFETY_ALERT_JOB,
  payload: z.object({ referralId: z.string() }),
  async handle(scope, runtime, { referralId }) {
    const outcome = await sendSafetyAlert(safetyAlertDeps(scope, runtime), {
      referralId,
      now: scope.now,
    });
    runtime.logger.warn({ referralId, outcome }, "assessment safety alert");
  },
});
