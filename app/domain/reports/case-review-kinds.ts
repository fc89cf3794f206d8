/*
 * The kinds of review on an organisation's calendar (docs/architecture.md §4, "Reviews due"). The
 * words go into e-mails and onto a dashboard a team shares, so they name the kind of meeting and
 * carry no health detail; the case's report says what is reviewed and why.
 */

export const caseReviewKinds = ["adjustment_review", "further_assessment"] as const;
export type CaseReviewKind = (typeof caseReviewKinds)[number];

export const CASE_REVIEW_KIND_LABELS: Record<CaseReviewKind, string> = {
  adjustment_review: "Review of adjustments",
  further_assessment: "Further assessment due",
};

/** How far ahead the employer's dashboard lists reviews. */
export const REVIEWS_DUE_WINDOW_DAYS = 30;
