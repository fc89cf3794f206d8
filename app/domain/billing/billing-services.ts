import type { Runtime } from "~/services/runtime.server.ts";

/**
 * What billing's use cases need from the runtime's adapters (docs/architecture.md §3): the
 * payment provider, configuration, the job queue for retries and the logger. Tests pass their own.
 */
export type BillingServices = Pick<Runtime, "config" | "logger" | "jobs" | "payments">;
