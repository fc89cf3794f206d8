import { z } from "zod";
import { pruneRateLimits } from "~/domain/kernel/rate-limit.server.ts";
import { defineJob } from "./job.ts";

/** Daily: rate-limit rows whose window and lock have ended are dropped. */
export const pruneRateLimitsJob = defineJob({
  name: "rate-limit-prune",
  payload: z.object({}),
  schedule: "40 3 * * *",
  async handle(scope, { logger }) {
    const pruned = await pruneRateLimits(scope.db, scope.now);
    if (pruned > 0) logger.info({ pruned }, "ended rate-limit windows removed");
  },
});
