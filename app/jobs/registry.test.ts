import { describe, expect, expectTypeOf, it } from "vitest";
import type { JobHandler, JobQueue } from "~/services/jobs/queue.server.ts";
import type { Runtime } from "~/services/runtime.server.ts";
import { registerJob } from "./job.ts";
import {
  backgroundJobs,
  type JobPayloads,
  registerJobs,
  retiredSchedules,
  startupJobs,
} from "./registry.server.ts";
import { sendReportNotificationJob } from "./send-report-notification.ts";

/** A queue that only records what is declared on it. */
function recordingQueue() {
  const handlers = new Map<string, JobHandler<object>>();
  const schedules = new Map<string, string>();
  const unscheduled: string[] = [];
  const queue: JobQueue = {
    async start() {},
    async stop() {},
    async send() {
      return null;
    },
    register(name, handler) {
      if (handlers.has(name)) throw new Error(`${name} registered twice`);
      handlers.set(name, handler as JobHandler<object>);
    },
    schedule(name, cron) {
      schedules.set(name, cron);
    },
    unschedule(name) {
      unscheduled.push(name);
    },
  };
  return { queue, handlers, schedules, unscheduled };
}

function runtimeWith(queue: JobQueue, payments: "demo" | "stripe") {
  return {
    jobs: queue,
    payments: { id: payments },
    database: { db: {} },
    logger: { info() {}, warn() {}, error() {} },
    config: { PUBLIC_URL: "http://localhost" },
  } as unknown as Runtime;
}

describe("the job registry", () => {
  it("declares every job once, with the schedules the product runs on", () => {
    const { queue, handlers, schedules, unscheduled } = recordingQueue();
    registerJobs(runtimeWith(queue, "demo"));
    for (const job of backgroundJobs) expect(handlers.has(job.name)).toBe(true);
    expect(new Set(backgroundJobs.map((job) => job.name)).size).toBe(backgroundJobs.length);
    expect(Object.fromEntries(schedules)).toEqual({
      "billing-expire-credits": "10 0 * * *",
      "referral-follow-up": "5 * * * *",
      // The e-mail outbox (app/jobs/drain-mail-outbox.ts).
      "mail-outbox-drain": "* * * * *",
      "referral-expire-unpaid": "35 * * * *",
      "billing-renew-memberships": "*/15 * * * *",
      "assessment-follow-up": "*/10 * * * *",
      "assessment-safety-realert": "*/5 * * * *",
      "doctor-sla-warnings": "*/10 * * * *",
      "consultation-reminders": "*/5 * * * *",
      "rate-limit-prune": "40 3 * * *",
      "governance-retention-purge": "20 2 * * *",
      "report-review-reminders": "20 * * * *",
      "case-review-reminders": "50 7-17 * * *",
      // The webhook outbox (app/jobs/deliver-webhooks.ts, docs/api.md).
      "webhook-deliveries": "* * * * *",
      // The refund jobs (app/jobs/settle-refund.ts).
      "billing-refund-follow-up": "*/15 * * * *",
    });
    expect(unscheduled).toEqual(retiredSchedules);
    for (const name of startupJobs) expect(handlers.has(name)).toBe(true);
  });

  it("renews memberships itself only with the demo payment provider", () => {
    const { queue, handlers } = recordingQueue();
    registerJobs(runtimeWith(queue, "stripe"));
    expect(handlers.has("billing-renew-memberships")).toBe(false);
  });

  it("refuses a payload its schema does not accept, before any handler runs", async () => {
    const { queue, handlers } = recordingQueue();
    registerJob(runtimeWith(queue, "demo"), sendReportNotificationJob);
    const handler = handlers.get(sendReportNotificationJob.name)!;
    await expect(handler({ reportId: "r1", kind: "deleted" })).rejects.toThrow();
    await expect(handler({})).rejects.toThrow();
  });
});

describe("queueing a job", () => {
  it("takes a job's name and the payload its schema accepts, or does not compile", async () => {
    const sent: [string, object][] = [];
    const queue: Pick<JobQueue, "send"> = {
      async send(name, data) {
        sent.push([name, data]);
        return null;
      },
    };
    expectTypeOf<JobPayloads["assessment-safety-alert"]>().toEqualTypeOf<{ referralId: string }>();
    await queue.send("assessment-safety-alert", { referralId: "r1" });
    // @ts-expect-error the safety alert is about a referral, not a response
    await queue.send("assessment-safety-alert", { responseId: "r1" });
    // @ts-expect-error no job has this name
    await queue.send("assessment-safety-alarm", { referralId: "r1" });
    expect(sent.map(([name]) => name)).toEqual([
      "assessment-safety-alert",
      "assessment-safety-alert",
      "assessment-safety-alarm",
    ]);
  });
});
