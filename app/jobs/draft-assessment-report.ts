import { z } from "zod";
import { draftAssessmentReport } from "~/domain/assessments/draft-assessment-report.server.ts";
import { DRAFT_JOB } from "~/domain/assessments/submit-assessment.server.ts";
import { defineJob } from "./job.ts";
import { notifyDoctorsOfSubmissionJob } from "./notify-doctors-of-submission.ts";

/**
 * The AI-assisted draft of a submitted assessment. A throw makes pg-boss retry with backoff; the
 * answers are committed before this job exists and are only read here.
 */
export const draftAssessmentReportJob = defineJob({
  name: DRAFT_JOB,
  payload: z.object({ responseId: z.string() }),
  async handle(scope, { jobs, logger }, { responseId }) {
    // The case is in the doctor queue once its draft exists: the doctors' notice is queued in the
    // draft's transaction, so it is neither lost to a crash nor sent twice by a retried job.
    const result = await draftAssessmentReport(scope, {
      responseId,
      onCreated: (tx, draft) =>
        jobs
          .send(notifyDoctorsOfSubmissionJob.name, { referralId: draft.referralId }, { tx })
          .then(() => undefined),
    });
    logger.info(
      { responseId, draftId: result?.draft.id, created: result?.created ?? false },
      result ? "assessment draft ready" : "assessment draft skipped: response not completed",
    );
  },
});
