import { eraseExpiredHealthData } from "~/domain/governance/erase-expired-health-data.server.ts";
import { defineScheduledJob } from "./job.ts";

/** Daily retention (ADR 0008): health data whose period has run out is erased; the case record stays. */
export const eraseExpiredHealthDataJob = defineScheduledJob({
  name: "governance-retention-purge",
  schedule: "20 2 * * *",
  async handle(scope, { config, logger }) {
    const erased = await eraseExpiredHealthData(scope, {
      periods: {
        preEmploymentMonths: config.RETENTION_PRE_EMPLOYMENT_MONTHS,
        managementMonths: config.RETENTION_MANAGEMENT_MONTHS,
        abandonedInvitationDays: config.RETENTION_ABANDONED_INVITATION_DAYS,
      },
    });
    if (erased.length > 0)
      logger.info({ erased: erased.length }, "retention: expired health data erased");
  },
});
