import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { questionnaireResponse, referral, referralActivity } from "~/db/schema/index.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { transition } from "~/domain/referrals/states.ts";
import type { JobQueue } from "~/services/jobs/queue.server.ts";
import { definitionOfResponse } from "./assessment-instance.ts";
import { buildTranscript } from "./build-transcript.ts";
import { loadResponse } from "./load-response.server.ts";
import { lockSubjectReferral, refuseTransition } from "./lock-referral.server.ts";
import { slaDueAt } from "./sla.ts";
import {
  AssessmentError,
  type RequestOrigin,
  type SubjectLink,
  subjectAuditActor,
} from "./subject.ts";
import { type AnswerIssue, validateAnswers } from "./validate-answers.ts";

export const DRAFT_JOB = "assessment-draft";

export type SubmitResult =
  | { ok: true; submittedAt: Date; slaDueAt: Date }
  | { ok: false; issues: AnswerIssue[] };

/**
 * Sends the answers: full validation (`completed`), the response is closed, the referral moves to
 * `submitted` with its SLA clock (24 hours for members, 48 otherwise, from now), and the draft job
 * is queued after commit. The answers are final from here; the draft job only reads them.
 */
export async function submitAssessment(
  deps: { db: Database; jobs: Pick<JobQueue, "send"> },
  { link, origin, now = new Date() }: { link: SubjectLink; origin?: RequestOrigin; now?: Date },
): Promise<SubmitResult> {
  const result = await deps.db.transaction(async (tx) => {
    const current = await lockSubjectReferral(tx, link);
    let status: ReturnType<typeof transition>;
    try {
      status = transition(current.status, "subject_submitted", "subject");
    } catch (error) {
      refuseTransition(error);
    }
    const response = await loadResponse(tx, current.id, { forUpdate: true });
    if (response?.status !== "in-progress")
      throw new AssessmentError("invalid_state", "These answers have already been sent.");
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
    await tx
      .update(referral)
      .set({ status, submittedAt: now, slaDueAt: due, updatedAt: now })
      .where(eq(referral.id, current.id));
    await tx.insert(referralActivity).values({
      referralId: current.id,
      organisationId: current.organisationId,
      kind: "submitted",
      createdAt: now,
    });
    await recordAuditEvent(tx, {
      action: "assessment.submit",
      outcome: "success",
      actor: subjectAuditActor(link),
      object: { type: "referral", id: current.id },
      request: origin,
      details: { responseId: response.id, slaDueAt: due.toISOString() },
    });
    // Queued with the submission (pg-boss retries a failed draft 5 times, backing off): a crash
    // after the commit can no longer leave a submitted case without its draft.
    await deps.jobs.send(DRAFT_JOB, { responseId: response.id }, { tx });
    return { ok: true as const, submittedAt: now, slaDueAt: due, responseId: response.id };
  });
  if (!result.ok) return result;
  return { ok: true, submittedAt: result.submittedAt, slaDueAt: result.slaDueAt };
}
