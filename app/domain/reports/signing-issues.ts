import type { QuestionKey } from "~/domain/referrals/management-questions.ts";
import { type Adjustment, adjustmentText, type ReportBody } from "./report-body.ts";

/** What signing needs of a case beyond its text: whether the role involves driving. */
interface SigningCase {
  drivingRequired?: boolean;
  /** The employer's questions, when it is a management referral. */
  questions?: readonly QuestionKey[];
}

/** A list line that says nothing is needed ("No workplace adjustments are needed at present"). */
export function saysNothingNeeded(text: string): boolean {
  return /^\s*no (?:\w+ )?(?:adjustments?|restrictions?|recommendations?)\b/i.test(text);
}

/**
 * What must be complete before a report is signed, beyond its schema (docs/decisions/0017-actionable-reports.md):
 *  - every temporary adjustment has a duration or a review date, or is marked lasting;
 *  - a management report gives the expected course and the likelihood of recurrence or further
 *    absence, and the doctor's view on the Equality Act (with a reason) when the employer asked;
 *  - a certificate of "further assessment needed" carries its plan: what, by whom, by when and
 *    the interim advice (with the restrictions, when it may start with them), and no line
 *    saying nothing more is needed;
 *  - a certificate for a driving role states the DVLA group, the standard and the opinion.
 * Each issue names the editor's field.
 */
export function signingIssues(
  body: ReportBody,
  c: SigningCase,
): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  const list = body.kind === "management" ? "adjustments" : "recommendations";
  const items: Adjustment[] = body.kind === "management" ? body.adjustments : body.recommendations;
  items.forEach((item, i) => {
    if (typeof item === "object" && (item.weeks || item.reviewBy || item.lasting)) return;
    // "No adjustments are needed" is a statement, not an adjustment with a duration.
    if (saysNothingNeeded(adjustmentText(item))) return;
    issues.push({
      field: `${list}-${i}-weeks`,
      message: `Give “${adjustmentText(item)}” a duration or a review date, or mark it lasting.`,
    });
  });
  if (body.kind === "management") {
    if (!body.prognosis?.trim())
      issues.push({ field: "prognosis", message: "Give the expected course for the employer." });
    if (!body.recurrence)
      issues.push({
        field: "recurrence",
        message: "Say how likely recurrence or further absence is.",
      });
    if (c.questions?.includes("equalityAct") && !body.equalityActView)
      issues.push({
        field: "equalityActView",
        message: "Choose whether the Equality Act 2010 is likely, may or is unlikely to apply.",
      });
    return issues;
  }
  if (body.outcome === "further-assessment-needed") {
    const plan = body.plan ?? {};
    if (!plan.what?.trim())
      issues.push({ field: "planWhat", message: "Say what further assessment is needed." });
    if (!plan.byWhom?.trim())
      issues.push({ field: "planByWhom", message: "Say who will carry out the assessment." });
    if (!plan.expectedBy)
      issues.push({ field: "planExpectedBy", message: "Give the date it is expected by." });
    if (!plan.interim)
      issues.push({
        field: "planInterim",
        message: "Say whether the candidate may start in the meantime.",
      });
    if (plan.interim === "may-start-with-restrictions" && !plan.restrictions?.trim())
      issues.push({
        field: "planRestrictions",
        message: "Give the restrictions the candidate may start with.",
      });
    items.forEach((item, i) => {
      if (saysNothingNeeded(adjustmentText(item)))
        issues.push({
          field: `recommendations-${i}-text`,
          message: `“${adjustmentText(item)}” cannot stand beside an outcome that says further assessment is needed.`,
        });
    });
  }
  if (c.drivingRequired) {
    const driving = body.driving ?? {};
    if (!driving.group)
      issues.push({ field: "drivingGroup", message: "Choose the DVLA group you considered." });
    if (!driving.standard?.trim())
      issues.push({ field: "drivingStandard", message: "Name the DVLA standard that applies." });
    if (!driving.opinion?.trim())
      issues.push({ field: "drivingOpinion", message: "Give your opinion on fitness to drive." });
  }
  return issues;
}
