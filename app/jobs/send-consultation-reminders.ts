import {
  CONSULTATION_REMINDER_JOB,
  sendDueConsultationReminders,
} from "~/domain/consultations/reminders.server.ts";
import { defineScheduledJob } from "./job.ts";

/** Every five minutes: the 24-hour and 1-hour reminders claim themselves, so reruns send nothing twice. */
export const sendConsultationRemindersJob = defineScheduledJob({
  name: CONSULTATION_REMINDER_JOB,
  schedule: "*/5 * * * *",
  async handle(scope, runtime) {
    const sent = await sendDueConsultationReminders(scope);
    if (sent.sent24h + sent.sent1h > 0) runtime.logger.info(sent, "consultation reminders sent");
  },
});
