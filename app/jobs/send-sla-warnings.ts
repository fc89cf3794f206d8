import { SLA_WARNING_JOB, sendSlaWarnings } from "~/domain/doctor/notify-doctors.server.ts";
import { defineScheduledJob } from "./job.ts";

/** Every 10 minutes: doctors are warned of cases close to their SLA. */
export const sendSlaWarningsJob = defineScheduledJob({
  name: SLA_WARNING_JOB,
  schedule: "*/10 * * * *",
  async handle(scope, runtime) {
    const warned = await sendSlaWarnings(scope);
    if (warned > 0) runtime.logger.warn({ warned }, "SLA warnings sent");
  },
});
