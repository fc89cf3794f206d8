import { registerEnquiryJobs } from "~/domain/enquiries/register-enquiry-jobs.server.ts";
import type { Runtime } from "../runtime.server.ts";

/**
 * Every background job handler of the product, registered once at start-up before the worker
 * starts (a process with JOBS=off still registers them; it just never runs the worker).
 * Each area adds one line here.
 */
export function registerJobHandlers(runtime: Omit<Runtime, "shutdown">): void {
  registerEnquiryJobs(runtime);
}
