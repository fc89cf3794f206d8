import type { QuestionKey } from "~/domain/referrals/management-questions.ts";
import { QUESTION_FIELDS, type ReportBody } from "./report-body.ts";

/**
 * The employer's questions that the body leaves unanswered (their one field is empty). When no
 * adjustment is needed the doctor says so as the list's one line; the fitness question always has
 * its category.
 */
export function unansweredQuestions(
  body: ReportBody,
  questions: readonly QuestionKey[],
): QuestionKey[] {
  if (body.kind !== "management") return [];
  return questions.filter((q) => {
    switch (QUESTION_FIELDS[q]) {
      case "fitness":
        return false;
      case "adjustments":
        return body.adjustments.length === 0;
      default: {
        const value = body[QUESTION_FIELDS[q] as "diagnosis"];
        return !value?.trim();
      }
    }
  });
}
