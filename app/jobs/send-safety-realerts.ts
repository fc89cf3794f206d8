import {
  SAFETY_REALERT_JOB,
  sendSafetyRealerts,
} from "~/domain/assessments/send-safety-alert.server.ts";
import { defineScheduledJob } from "./job.ts";
import { safetyAlertDeps } from "./send-safety-alert.ts";

/** Every five minutes, so a case waits at most 2 h 5 min for its reminder to the on-call. */
export const sendSafetyRealertsJob = defineScheduledJob({
  name: SAFETY_REALERT_JOB,
  schedule: "*/5 * * * *",
  async handle(scope, runtime) {
    const sent = await sendSafetyRealerts(scope, safetyAlertDeps(runtime));
    if (sent > 0)
      runtime.logger.warn({ sent }, "safety re-alerts sent: urgent cases not yet contacted");
  },
});
