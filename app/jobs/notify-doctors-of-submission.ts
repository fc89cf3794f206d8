import {
  CASE_SUBMITTED_JOB,
  notifyDoctorsOfSubmission,
} from "~/domain/doctor/notify-doctors.server.ts";
import { defineJob, referralJobPayload } from "./job.ts";

/** A case reached the doctor queue: the doctors are told by e-mail. */
export const notifyDoctorsOfSubmissionJob = defineJob({
  name: CASE_SUBMITTED_JOB,
  payload: referralJobPayload,
  async handle(scope, runtime, { referralId }) {
    const told = await notifyDoctorsOfSubmission(scope, { referralId });
    runtime.logger.info({ referralId, doctors: told }, "doctors told of a new case");
  },
});
