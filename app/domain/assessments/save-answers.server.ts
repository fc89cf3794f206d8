import { eq } from "drizzle-orm";
import { questionnaireResponse, referral } from "~/db/schema/index.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireSubject } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { assessSafety } from "./assess-safety.ts";
import { definitionOfResponse } from "./assessment-instance.ts";
import {
  type AssessmentKind,
  firstIncompleteStep,
  isStep,
  nextStep,
  stepQuestionIds,
  unansweredRequired,
} from "./assessment-steps.ts";
import { buildTranscript } from "./build-transcript.ts";
import { loadResponse } from "./load-response.server.ts";
import { auditSubjectEvent, lockSubjectReferral } from "./lock-referral.server.ts";
import type { Answers, AnswerValue } from "./questionnaire-types.ts";
import { mergeSafetyFlags, type SafetyLevel } from "./safety-flags.ts";
import { type AnswerIssue, validateAnswers } from "./validate-answers.ts";

export const SAFETY_ALERT_JOB = "assessment-safety-alert";

type SaveAnswersResult =
  | {
      ok: true;
      /** Where to go next: a step, or `review`. */
      cursor: string;
      /** Required questions of this step still unanswered (the step is shown again). */
      incomplete: string[];
      safety: { level: SafetyLevel; showCrisisSupport: boolean };
      raisedUrgent: boolean;
    }
  | { ok: false; issues: AnswerIssue[] };

/**
 * Saves the answers of one step (save and resume on every answer). The step's questions are
 * replaced by what was posted (an unticked box or a cleared field removes the old answer), then
 * the whole set is validated as `in-progress`: any answer given must be valid, nothing is
 * required yet, answers behind a closed branch are dropped.
 *
 * Safety runs on every save. A newly raised `urgent` flag marks the referral urgent (with the time
 * of the flag) in the same transaction as the answer, so it is at the top of every doctor's queue
 * whether or not the person ever submits; the e-mail to the clinical on-call is queued after commit.
 */
export async function saveAnswers(
  scope: Scope,
  {
    step,
    answers: posted,
    returnToReview = false,
  }: {
    step: string;
    answers: Record<string, unknown>;
    returnToReview?: boolean;
  },
): Promise<SaveAnswersResult> {
  const subject = requireSubject(scope);
  const { now, origin } = subject;
  const result = await subject.db.transaction(async (tx): Promise<SaveAnswersResult> => {
    const current = await lockSubjectReferral(tx, subject);
    if (current.status !== "in_progress")
      throw new DomainError("invalid_state", "This assessment is not open for answers.");
    const response = await loadResponse(tx, subject, current.id, { forUpdate: true });
    if (response?.status !== "in-progress")
      throw new DomainError("invalid_state", "This assessment is not open for answers.");
    const definition = definitionOfResponse(response);
    const kind: AssessmentKind = current.type === "management" ? "management" : "pre_employment";
    if (
      !isStep(definition, kind, response.answers, step) &&
      !isStepOfDefinition(definition, kind, step)
    )
      throw new DomainError("not_found", "No such question.");

    const covered = new Set(stepQuestionIds(definition, kind, step));
    for (const linkId of Object.keys(posted))
      if (!covered.has(linkId))
        return {
          ok: false,
          issues: [{ linkId, code: "unknown_item", message: "This question is not on this page" }],
        };
    const merged: Record<string, AnswerValue | unknown> = {};
    for (const [linkId, value] of Object.entries(response.answers))
      if (!covered.has(linkId)) merged[linkId] = value;
    Object.assign(merged, posted);

    const validation = validateAnswers(definition, merged, "in-progress");
    if (!validation.success) return { ok: false, issues: validation.issues };
    const answers: Answers = validation.answers;

    const safety = mergeSafetyFlags(
      { level: response.safetyLevel, reasons: response.safetyReasons },
      assessSafety(definition, answers),
    );
    const raisedUrgent = safety.level === "urgent" && response.safetyLevel !== "urgent";

    const incomplete = unansweredRequired(definition, kind, answers, step).filter(
      // A question the page did not show yet (opened by an answer on it) is not "missed".
      (linkId) => linkId in posted || kind === "management",
    );
    const newlyShown = unansweredRequired(definition, kind, answers, step).some(
      (linkId) => !(linkId in posted),
    );
    const cursor =
      incomplete.length > 0 || newlyShown
        ? step
        : returnToReview
          ? firstIncompleteStep(definition, kind, answers)
          : nextStep(definition, kind, answers, step);

    await tx
      .update(questionnaireResponse)
      .set({
        answers,
        transcript: buildTranscript(definition, answers),
        cursor,
        safetyLevel: safety.level,
        safetyReasons: safety.reasons,
        saveCount: response.saveCount + 1,
        updatedAt: now,
      })
      .where(eq(questionnaireResponse.id, response.id));
    if (raisedUrgent)
      await tx
        .update(referral)
        .set({ urgent: true, urgentAt: now, updatedAt: now })
        .where(eq(referral.id, current.id));
    await auditSubjectEvent(tx, subject, {
      action: "assessment.answers_save",
      details: { step, answered: Object.keys(answers).length, dropped: validation.dropped.length },
    });
    if (safety.level !== response.safetyLevel)
      await recordAuditEvent(tx, {
        action: "assessment.safety_flag",
        outcome: "success",
        actor: { id: "system", role: "system", organisationId: current.organisationId },
        object: { type: "referral", id: current.id },
        request: origin,
        // Codes and levels only: the reasons quote answers and stay with the response.
        details: { level: safety.level, codes: [...new Set(safety.reasons.map((r) => r.code))] },
      });
    // In the same transaction as the flag: the job becomes visible to the worker only when the
    // flag it reports does, and a crash after the commit can no longer lose the alert.
    if (raisedUrgent)
      await scope.adapters.jobs.send(SAFETY_ALERT_JOB, { referralId: current.id }, { tx });
    return {
      ok: true,
      cursor,
      incomplete,
      safety: { level: safety.level, showCrisisSupport: safety.showCrisisSupport },
      raisedUrgent,
    };
  });
  return result;
}

/** A step that exists in the definition although closed by the stored answers (a stale tab). */
function isStepOfDefinition(
  definition: Parameters<typeof stepQuestionIds>[0],
  kind: AssessmentKind,
  step: string,
): boolean {
  return stepQuestionIds(definition, kind, step).length > 0;
}
