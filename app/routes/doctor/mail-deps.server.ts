import type { RouterContextProvider } from "react-router";
import { runtimeContext } from "~/context.ts";
import type { ConsultationMailDeps } from "~/domain/consultations/deps.ts";
import type { SendReportDeps } from "~/domain/doctor/send-report.server.ts";

/** What the report's e-mails to the person need, from the runtime: one place for every action. */
export function reportMailDeps(context: Readonly<RouterContextProvider>): SendReportDeps {
  const runtime = context.get(runtimeContext);
  return {
    mailer: runtime.mailer,
    publicUrl: runtime.config.PUBLIC_URL,
    reviewWorkingDays: runtime.config.REPORT_REVIEW_WORKING_DAYS,
  };
}

/** What the consultation e-mails need, from the runtime. */
export function consultationMailDeps(
  context: Readonly<RouterContextProvider>,
): ConsultationMailDeps {
  const runtime = context.get(runtimeContext);
  return { mailer: runtime.mailer, publicUrl: runtime.config.PUBLIC_URL };
}
