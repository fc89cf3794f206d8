import { z } from "zod";
import type { SystemActor } from "~/domain/kernel/actor.ts";
import { type Scope, systemScope } from "~/domain/kernel/scope.ts";
import type { Runtime } from "~/services/runtime.server.ts";

/** What a job may use of the runtime: the adapters, never a request. */
export type JobRuntime = Pick<
  Runtime,
  "config" | "logger" | "database" | "mailer" | "jobs" | "adapters"
>;

/**
 * One background job (docs/architecture.md §3): its queue name, the payload it accepts, an
 * optional schedule, and a handler that calls domain use cases with a system scope named after
 * the job. No SQL here: the queries are the domain's. A handler that throws is retried by pg-boss
 * with backoff.
 */
export interface Job<
  P extends object = object,
  R extends JobRuntime = JobRuntime,
  N extends string = string,
> {
  readonly name: N;
  /** Checked before the handler runs: a payload it does not accept fails the job. */
  readonly payload: z.ZodType<P>;
  /** A recurring job (cron, Europe/London); it runs once per slot whatever the process count. */
  readonly schedule?: string;
  handle(scope: Scope<SystemActor>, runtime: R, payload: P): Promise<void>;
}

/**
 * The payload of a job about one referral: its id alone. The handler reads the rest through the
 * domain when it runs, so the queue holds no name, address or answer about the person.
 */
export const referralJobPayload = z.object({ referralId: z.string() });

/**
 * Declares a job, so its payload type follows from its schema and its name stays a literal: the
 * map of names to payloads (`JobPayloads` in registry.server.ts) is read from these declarations.
 */
export function defineJob<
  P extends object,
  R extends JobRuntime = JobRuntime,
  const N extends string = string,
>(job: Job<P, R, N>): Job<P, R, N> {
  return job;
}

/**
 * Declares a recurring job. It runs on its timetable alone, so its payload is always empty: only
 * the name, the schedule and the handler are its own.
 */
export function defineScheduledJob<
  R extends JobRuntime = JobRuntime,
  const N extends string = string,
>(
  job: Omit<Job<object, R, N>, "payload" | "schedule"> & { readonly schedule: string },
): Job<object, R, N> {
  return { ...job, payload: z.object({}) };
}

/**
 * Puts one job on the queue: its payload is checked against its schema, and its handler runs
 * with a system scope named after it, so what it changes is audited as that job.
 */
export function registerJob<P extends object, R extends JobRuntime>(runtime: R, job: Job<P, R>) {
  runtime.jobs.register<P>(job.name, async (data) => {
    const payload = job.payload.parse(data);
    await job.handle(
      systemScope(runtime.database.db, job.name, runtime.adapters),
      runtime,
      payload,
    );
  });
  if (job.schedule) runtime.jobs.schedule(job.name, job.schedule);
}
