import { SAFETY_ALERT_JOB } from "~/domain/assessments/save-answers.server.ts";
import { sendSafetyAlert } from "~/domain/assessments/send-safety-alert.server.ts";
import { defineJob, type JobRuntime, referralJobPayload } from "./job.ts";

/** Where safety alerts go: the on-call clinician's address, from the configuration. */
export function safetyAlertDeps(runtime: JobRuntime) {
  return { onCallEmail: runtime.config.CLINICAL_ONCALL_EMAIL };
}

/** An answer flagged the case urgent: the on-call is e-mailed (queued in the answer's transaction). */
export const sendSafetyAlertJob = defineJob({
  name: SAFETY_ALERT_JOB,
  payload: referralJobPayload,
  async handle(scope, runtime, { referralId }) {
    const outcome = await sendSafetyAlert(scope, safetyAlertDeps(runtime), { referralId });
    runtime.logger.warn({ referralId, outcome }, "assessment safety alert");
  },
});
