import { addWorkingDays } from "~/domain/calendar/working-days.ts";
import type { CaseReviewKind } from "./case-review-kinds.ts";
import { type ReportBody, ukDate } from "./report-body.ts";
import { adjustmentReviewBy } from "./report-sections.ts";

/*
 * The dates a released report sets for looking at the case again (docs/architecture.md §4,
 * "Reviews due"), and when the employer is reminded of each. Only the date and the kind leave the
 * report. Each date is the one the released report prints, so the reminder and the report the
 * employer reads never disagree.
 */

/** The reminder goes this many UK working days before the review. */
export const REVIEW_REMINDER_WORKING_DAYS = 5;

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

/**
 * The day the reminder of a review due on `dueOn` is sent: five UK working days before it (a
 * review on a weekend or a bank holiday counts back from it all the same).
 */
export function reminderOn(dueOn: string): string {
  return ukDate(addWorkingDays(middayOf(dueOn), -REVIEW_REMINDER_WORKING_DAYS));
}

/**
 * Every review date a released version sets, once each per kind and date, in date order: its
 * temporary adjustments' (a management report's adjustments, a pre-employment certificate's
 * recommendations), each the doctor's review date or else the end of the weeks it lasts counted
 * from signing, as the report's line says (`adjustmentReviewBy`); and, while a pre-employment
 * outcome awaits a further assessment, the date its plan expects it by; a management report's
 * follow-up review date and expected return to work, where the doctor gave them as dates
 * (`followUpBy`, `expectedReturnOn`; the words of `followUp` and `timescale` set none).
 */
export function reviewDatesOf(body: ReportBody, signedAt: Date): ReviewDate[] {
  const found = new Map<string, ReviewDate>();
  const add = (kind: CaseReviewKind, dueOn: string | null | undefined) => {
    if (dueOn) found.set(`${kind}:${dueOn}`, { kind, dueOn });
  };
  const adjustments = body.kind === "management" ? body.adjustments : body.recommendations;
  for (const item of adjustments) {
    const reviewBy = adjustmentReviewBy(item, signedAt);
    add("adjustment_review", reviewBy ? ukDate(reviewBy) : null);
  }
  if (body.kind === "pre_employment" && body.outcome === "further-assessment-needed")
    add("further_assessment", body.plan?.expectedBy);
  if (body.kind === "management") {
    add("follow_up_review", body.followUpBy);
    add("expected_return", body.expectedReturnOn);
  }
  return [...found.values()].sort(
    (a, b) => a.dueOn.localeCompare(b.dueOn) || a.kind.localeCompare(b.kind),
  );
}
