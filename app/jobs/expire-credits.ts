import { expireCredits } from "~/domain/billing/expire-credits.server.ts";
import { defineScheduledJob } from "./job.ts";

/** Daily: credits past their expiry leave the balances. */
export const expireCreditsJob = defineScheduledJob({
  name: "billing-expire-credits",
  schedule: "10 0 * * *",
  async handle(scope, { logger }) {
    const expired = await expireCredits(scope);
    logger.info({ expired }, "expired credits removed from balances");
  },
});
