import { codesOf } from "~/lib/labelled-codes.ts";

/*
 * The kinds of review on an organisation's calendar (docs/architecture.md §4, "Reviews due"). The
 * words go into e-mails and onto a dashboard a team shares, so they name the kind of meeting and
 * carry no health detail; the case's report says what is reviewed and why.
 */

export const CASE_REVIEW_KIND_LABELS = {
  adjustment_review: "Review of adjustments",
  further_assessment: "Further assessment due",
  follow_up_review: "Follow-up review",
  expected_return: "Expected return to work",
};
export const caseReviewKinds = codesOf(CASE_REVIEW_KIND_LABELS);
export type CaseReviewKind = (typeof caseReviewKinds)[number];

/** How far ahead the employer's dashboard lists reviews. */
export const REVIEWS_DUE_WINDOW_DAYS = 30;
