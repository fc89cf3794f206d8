import { z } from "zod";
import { expireCredits } from "~/domain/billing/credit-ledger.server.ts";
import { defineJob } from "./job.ts";

/** Daily: credits past their expiry leave the balances. */
export const expireCreditsJob = defineJob({
  name: "billing-expire-credits",
  payload: z.object({}),
  schedule: "10 0 * * *",
  async handle(scope, { logger }) {
    const expired = await expireCredits(scope);
    logger.info({ expired }, "expired credits removed from balances");
  },
});
