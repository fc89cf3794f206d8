import { type Adjustment, type ReportBody, ukDate } from "./report-body.ts";

/** A review date is at most about two years ahead. */
const REVIEW_MAX_DAYS = 731;

/**
 * Review dates must lie ahead when the doctor writes them: from tomorrow to about two years on
 * (an adjustment's, and a management report's follow-up review and expected return to work).
 * Checked on save, not in the schema, because a signed version keeps its date after it passes.
 */
export function adjustmentTermIssues(
  body: ReportBody,
  now: Date,
): { path: string; message: string }[] {
  const list = body.kind === "management" ? "adjustments" : "recommendations";
  const items: Adjustment[] = body.kind === "management" ? body.adjustments : body.recommendations;
  const today = ukDate(now);
  const latest = ukDate(new Date(now.getTime() + REVIEW_MAX_DAYS * 86_400_000));
  const issues: { path: string; message: string }[] = [];
  items.forEach((item, i) => {
    if (typeof item === "string" || !item.reviewBy) return;
    if (item.reviewBy <= today)
      issues.push({ path: `${list}.${i}.reviewBy`, message: "Give a review date in the future." });
    else if (item.reviewBy > latest)
      issues.push({
        path: `${list}.${i}.reviewBy`,
        message: "Give a review date within the next two years.",
      });
  });
  // A management report's follow-up review and expected return: ahead, within the same two years.
  if (body.kind === "management")
    for (const [path, date, what] of [
      ["followUpBy", body.followUpBy, "a follow-up review date"],
      ["expectedReturnOn", body.expectedReturnOn, "an expected return to work date"],
    ] as const) {
      if (!date) continue;
      if (date <= today) issues.push({ path, message: `Give ${what} in the future.` });
      else if (date > latest)
        issues.push({ path, message: `Give ${what} within the next two years.` });
    }
  return issues;
}
