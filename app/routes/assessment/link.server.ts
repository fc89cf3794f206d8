import { data, type RouterContextProvider, redirect } from "react-router";
import { runtimeContext } from "~/context.ts";
import { definitionOfResponse } from "~/domain/assessments/assessment-instance.ts";
import type { AssessmentKind } from "~/domain/assessments/assessment-steps.ts";
import { ownResponse } from "~/domain/assessments/load-response.server.ts";
import { openAssessmentLink } from "~/domain/assessments/open-assessment-link.server.ts";
import { isDomainError } from "~/domain/kernel/errors.ts";
import { refusalMessage, refusalResponse } from "~/middleware/refusal.server.ts";
import { requestOriginOf, subjectScope } from "~/middleware/scope.server.ts";
import { assessmentPath } from "./paths.ts";

type LinkFailure = "unknown" | "gone" | "throttled";

/** The status of the one neutral page: 404 unknown or tampered, 410 lapsed, 429 too many tries. */
function failureStatus(reason: LinkFailure): 404 | 410 | 429 {
  if (reason === "gone") return 410;
  if (reason === "throttled") return 429;
  return 404;
}

/**
 * Every assessment loader and action starts here: the link must open a referral, or the request
 * ends with the neutral page (thrown to the layout's error boundary) and nothing else is read.
 * An open link gives the request its subject scope (docs/architecture.md §3b), which every
 * subject-side domain function takes first.
 */
export async function requireAssessmentLink(
  context: Readonly<RouterContextProvider>,
  token: string | undefined,
) {
  const runtime = context.get(runtimeContext);
  const origin = requestOriginOf(context);
  const opened = await openAssessmentLink(runtime.database.db, { token: token ?? "", origin });
  if (!opened.ok) {
    const status = failureStatus(opened.reason);
    throw data(
      { reason: opened.reason },
      { status, headers: status === 429 ? { "Retry-After": "900" } : undefined },
    );
  }
  const scope = subjectScope(context, opened.link);
  return { runtime, origin, scope, referral: opened.referral };
}

/**
 * The questions and the review page start here: the link must open a referral whose questionnaire
 * is still being answered. Once it is sent (or the referral has moved on), they send the person
 * back to the start page, which shows where the assessment stands.
 */
export async function requireOpenQuestionnaire(
  context: Readonly<RouterContextProvider>,
  token: string,
) {
  const opened = await requireAssessmentLink(context, token);
  if (opened.referral.status !== "in_progress") throw redirect(assessmentPath(token));
  const response = await ownResponse(opened.scope);
  if (response?.status !== "in-progress") throw redirect(assessmentPath(token));
  const kind: AssessmentKind =
    opened.referral.type === "management" ? "management" : "pre_employment";
  return { ...opened, response, kind, definition: definitionOfResponse(response) };
}

/*
 * The refusals that mean the assessment moved on under the page: sent from another tab, declined
 * or stopped, the report already decided or a newer version sent (`invalid_state`), someone got
 * there first (`conflict`), consent not given (`consent_required`), or a question or report this
 * link no longer has (`not_found`).
 */
const movedOn = new Set(["invalid_state", "conflict", "consent_required", "not_found"]);

/**
 * The one answer an assessment page gives to a refusal of the domain (docs/architecture.md §3b),
 * derived from its code. The link is the only key the person has, and an error page would leave
 * them nowhere to go: where the assessment moved on, they are sent back to the page that shows
 * where it now stands (`back`, the start page unless said), which is the right answer for their
 * link. Any other refusal (too many attempts, a role that may not) is the map's answer
 * (`refusalResponse`), and anything that is not a refusal goes on to the error boundary.
 */
export function assessmentRefusal(error: unknown, back: string): never {
  if (isDomainError(error) && movedOn.has(error.code)) throw redirect(back);
  throw refusalResponse(error, refusalMessage);
}
