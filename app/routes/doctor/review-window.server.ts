import type { RouterContextProvider } from "react-router";
import { runtimeContext } from "~/context.ts";
import type { ReviewWindow } from "~/domain/doctor/send-report.server.ts";

/**
 * How long the person has to review a report sent to them, from the configuration: the mail the
 * sending writes goes through the scope's adapters (docs/architecture.md §3b).
 */
export function reviewWindow(context: Readonly<RouterContextProvider>): ReviewWindow {
  return { reviewWorkingDays: context.get(runtimeContext).config.REPORT_REVIEW_WORKING_DAYS };
}
