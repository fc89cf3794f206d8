import { addWorkingDays, isWorkingDay } from "~/domain/calendar/working-days.ts";
import { type Adjustment, type ReportBody, ukDate } from "./report-body.ts";

/*
 * The dates a released report sets for looking at the case again (docs/architecture.md §4,
 * "Reviews due"), and when the employer is reminded of each. Only the date and the kind leave the
 * report: the kind's words carry no health detail, since they go into e-mails and onto a
 * dashboard a manager shares; the report itself says what is to be reviewed and why.
 */

export const caseReviewKinds = ["adjustment_review", "further_assessment"] as const;
export type CaseReviewKind = (typeof caseReviewKinds)[number];

export const CASE_REVIEW_KIND_LABELS: Record<CaseReviewKind, string> = {
  adjustment_review: "Review of adjustments",
  further_assessment: "Further assessment due",
};

/** The reminder goes this many UK working days before the review. */
export const REVIEW_REMINDER_WORKING_DAYS = 5;

/** How far ahead the employer's dashboard lists reviews. */
export const REVIEWS_DUE_WINDOW_DAYS = 30;

interface ReviewDate {
  kind: CaseReviewKind;
  /** YYYY-MM-DD, a UK calendar date. */
  dueOn: string;
}

/** Noon UTC of a calendar date: the same date in London in winter and in summer. */
function middayOf(isoDate: string): Date {
  return new Date(`${isoDate}T12:00:00Z`);
}

/** A calendar date moved by whole days. */
export function addDays(isoDate: string, days: number): string {
  const d = middayOf(isoDate);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The date itself if it is a UK working day, else the next one. */
function onOrAfterWorkingDay(isoDate: string): string {
  let day = isoDate;
  while (!isWorkingDay(middayOf(day))) day = addDays(day, 1);
  return day;
}

/**
 * The review date of `weeks` weeks from the release: the same weekday that many weeks on in the
 * UK, or the next working day when that is a weekend or a bank holiday (nobody meets to review an
 * adjustment on Christmas Day).
 */
export function weeksFromRelease(releasedAt: Date, weeks: number): string {
  return onOrAfterWorkingDay(addDays(ukDate(releasedAt), weeks * 7));
}

/** The day the reminder of a review due on `dueOn` is sent: five UK working days before it. */
export function reminderOn(dueOn: string): string {
  return ukDate(addWorkingDays(middayOf(dueOn), -REVIEW_REMINDER_WORKING_DAYS));
}

/**
 * A temporary adjustment's review: the date the doctor set to review it by, or else the end of
 * the weeks it lasts. A permanent adjustment (text alone, or marked lasting) has none.
 */
function adjustmentReview(item: Adjustment, releasedAt: Date): string | null {
  if (typeof item === "string") return null;
  if (item.reviewBy) return item.reviewBy;
  if (item.weeks !== undefined) return weeksFromRelease(releasedAt, item.weeks);
  return null;
}

/**
 * Every review date a released version sets, once each per kind and date, in date order:
 * the temporary adjustments' (a management report's adjustments, a pre-employment certificate's
 * recommendations) and, when a pre-employment outcome awaits a further assessment, the date the
 * plan expects it by. A management report's follow-up and return to work are the doctor's words
 * (`followUp`, `timescale`), not dates, so they set none.
 */
export function reviewDatesOf(body: ReportBody, releasedAt: Date): ReviewDate[] {
  const found = new Map<string, ReviewDate>();
  const add = (kind: CaseReviewKind, dueOn: string | null | undefined) => {
    if (dueOn) found.set(`${kind}:${dueOn}`, { kind, dueOn });
  };
  const adjustments = body.kind === "management" ? body.adjustments : body.recommendations;
  for (const item of adjustments) add("adjustment_review", adjustmentReview(item, releasedAt));
  if (body.kind === "pre_employment" && body.outcome === "further-assessment-needed")
    add("further_assessment", body.plan?.expectedBy);
  return [...found.values()].sort(
    (a, b) => a.dueOn.localeCompare(b.dueOn) || a.kind.localeCompare(b.kind),
  );
}
