import { pruneRateLimits } from "~/domain/kernel/rate-limit.server.ts";
import { defineScheduledJob } from "./job.ts";

/** Daily: rate-limit rows whose window and lock have ended are dropped. */
export const pruneRateLimitsJob = defineScheduledJob({
  name: "rate-limit-prune",
  schedule: "40 3 * * *",
  async handle(scope, { logger }) {
    const pruned = await pruneRateLimits(scope);
    if (pruned > 0) logger.info({ pruned }, "ended rate-limit windows removed");
  },
});
