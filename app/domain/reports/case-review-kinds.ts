/*
 * The kinds of review on an organisation's calendar (docs/architecture.md §4, "Reviews due"). The
 * words go into e-mails and onto a dashboard a team shares, so they name the kind of meeting and
 * carry no health detail; the case's report says what is reviewed and why.
 */

export const caseReviewKinds = [
  "adjustment_review",
  "further_assessment",
  "follow_up_review",
  "expected_return",
] as const;
export type CaseReviewKind = (typeof caseReviewKinds)[number];

export const CASE_REVIEW_KIND_LABELS: Record<CaseReviewKind, string> = {
  adjustment_review: "Review of adjustments",
  further_assessment: "Further assessment due",
  follow_up_review: "Follow-up review",
  expected_return: "Expected return to work",
};

/** How far ahead the employer's dashboard lists reviews. */
export const REVIEWS_DUE_WINDOW_DAYS = 30;
