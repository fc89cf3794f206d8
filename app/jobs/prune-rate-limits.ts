import { pruneIdempotencyKeys } from "~/domain/api/idempotency.server.ts";
import { pruneRateLimits } from "~/domain/kernel/rate-limit.server.ts";
import { defineScheduledJob } from "./job.ts";

/**
 * Daily: rate-limit rows whose window and lock have ended are dropped, and the API's
 * idempotency answers past their 24 hours (docs/api.md): both are short-lived counters of calls.
 */
export const pruneRateLimitsJob = defineScheduledJob({
  name: "rate-limit-prune",
  schedule: "40 3 * * *",
  async handle(scope, { logger }) {
    const pruned = await pruneRateLimits(scope);
    if (pruned > 0) logger.info({ pruned }, "ended rate-limit windows removed");
    const answers = await pruneIdempotencyKeys(scope);
    if (answers > 0) logger.info({ answers }, "expired idempotency answers removed");
  },
});
