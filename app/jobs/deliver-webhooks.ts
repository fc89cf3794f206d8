import { deliverDueWebhooks } from "~/domain/api/deliver-webhooks.server.ts";
import { defineScheduledJob } from "./job.ts";

/**
 * Every minute, and at start-up: the webhook deliveries that are due, from the outbox the changes
 * wrote them to (docs/api.md). A retry due within the minute gets a pass of its own at that time.
 */
export const deliverWebhooksJob = defineScheduledJob({
  name: "webhook-deliveries",
  schedule: "* * * * *",
  async handle(scope, runtime) {
    const { delivered, failed, nextDueAt } = await deliverDueWebhooks(scope);
    if (delivered + failed > 0) runtime.logger.info({ delivered, failed }, "webhook deliveries");
    if (!nextDueAt) return;
    const inSeconds = Math.ceil((nextDueAt.getTime() - scope.now.getTime()) / 1000);
    if (inSeconds < 60)
      await runtime.jobs.send(deliverWebhooksJob.name, {}, { startAfter: Math.max(1, inSeconds) });
  },
});
