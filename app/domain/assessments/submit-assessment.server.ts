import { eq } from "drizzle-orm";
import { questionnaireResponse } from "~/db/schema/index.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireSubject } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { definitionOfResponse } from "./assessment-instance.ts";
import { buildTranscript } from "./build-transcript.ts";
import { loadResponse } from "./load-response.server.ts";
import { lockSubjectReferral, moveSubjectReferral } from "./lock-referral.server.ts";
import { slaDueAt } from "./sla.ts";
import { type AnswerIssue, validateAnswers } from "./validate-answers.ts";

export const DRAFT_JOB = "assessment-draft";

type SubmitResult =
  | { ok: true; submittedAt: Date; slaDueAt: Date }
  | { ok: false; issues: AnswerIssue[] };

/**
 * Sends the answers: full validation (`completed`), the response is closed, the referral moves to
 * `submitted` with its SLA clock (24 hours for members, 48 otherwise, from now), and the draft job
 * is queued after commit. The answers are final from here; the draft job only reads them.
 */
export async function submitAssessment(scope: Scope): Promise<SubmitResult> {
  const subject = requireSubject(scope);
  const { now } = subject;
  const result = await subject.db.transaction(async (tx) => {
    const current = await lockSubjectReferral(tx, subject, "subject_submitted");
    const response = await loadResponse(tx, subject, current.id, { forUpdate: true });
    if (response?.status !== "in-progress")
      throw new DomainError("invalid_state", "These answers have already been sent.");
    const definition = definitionOfResponse(response);
    const validation = validateAnswers(definition, response.answers, "completed");
    if (!validation.success) return { ok: false as const, issues: validation.issues };

    const due = slaDueAt(now, current.memberTurnaround);
    await tx
      .update(questionnaireResponse)
      .set({
        status: "completed",
        answers: validation.answers,
        transcript: buildTranscript(definition, validation.answers),
        cursor: null,
        completedAt: now,
        updatedAt: now,
      })
      .where(eq(questionnaireResponse.id, response.id));
    await moveSubjectReferral(tx, subject, {
      referral: current,
      event: "subject_submitted",
      set: { submittedAt: now, slaDueAt: due },
      activity: "submitted",
      audit: {
        action: "assessment.submit",
        details: { responseId: response.id, slaDueAt: due.toISOString() },
      },
    });
    // Queued with the submission (pg-boss retries a failed draft 5 times, backing off): a crash
    // after the commit can no longer leave a submitted case without its draft.
    await scope.adapters.jobs.send(DRAFT_JOB, { responseId: response.id }, { tx });
    return { ok: true as const, submittedAt: now, slaDueAt: due, responseId: response.id };
  });
  if (!result.ok) return result;
  return { ok: true, submittedAt: result.submittedAt, slaDueAt: result.slaDueAt };
}
