import { data, type RouterContextProvider } from "react-router";
import { requestContext, runtimeContext } from "~/context.ts";
import { openAssessmentLink } from "~/domain/assessments/open-assessment-link.server.ts";
import type { RequestOrigin } from "~/domain/assessments/subject.ts";

export type LinkFailure = "unknown" | "gone" | "throttled";

/** The status of the one neutral page: 404 unknown or tampered, 410 lapsed, 429 too many tries. */
export function failureStatus(reason: LinkFailure): 404 | 410 | 429 {
  if (reason === "gone") return 410;
  if (reason === "throttled") return 429;
  return 404;
}

/**
 * Every assessment loader and action starts here: the link must open a referral, or the request
 * ends with the neutral page (thrown to the layout's error boundary) and nothing else is read.
 */
export async function requireAssessmentLink(
  context: Readonly<RouterContextProvider>,
  token: string | undefined,
) {
  const runtime = context.get(runtimeContext);
  const request = context.get(requestContext);
  const origin: RequestOrigin = { ip: request.ip, requestId: request.requestId };
  const opened = await openAssessmentLink(runtime.database.db, { token: token ?? "", origin });
  if (!opened.ok) {
    const status = failureStatus(opened.reason);
    throw data(
      { reason: opened.reason },
      { status, headers: status === 429 ? { "Retry-After": "900" } : undefined },
    );
  }
  return { runtime, origin, link: opened.link, referral: opened.referral };
}
