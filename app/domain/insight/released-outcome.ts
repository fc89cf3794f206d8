import type { ReportBody } from "~/domain/reports/report-body.ts";

/**
 * The kinds of adjustment the insight page counts, read from an adjustment's terms: lasting (the
 * doctor marked it so), for a set number of weeks, until a review date, or with no term (versions
 * signed before terms existed).
 */
export const adjustmentKinds = ["lasting", "weeks", "review", "no_term"] as const;
type AdjustmentKind = (typeof adjustmentKinds)[number];

export const ADJUSTMENT_KIND_LABELS: Record<AdjustmentKind, string> = {
  lasting: "Lasting",
  weeks: "For a set number of weeks",
  review: "Until a review date",
  no_term: "No term given",
};

/** Equality Act views, and "not given" for pre-employment certificates and unanswered ones. */
export const equalityActKeys = ["likely", "may", "unlikely", "not_given"] as const;
type EqualityActKey = (typeof equalityActKeys)[number];

/**
 * What a released report adds to the counts (no words of it, only its categories): its outcome,
 * each kind of adjustment it recommends once (so the counts are of people, not of adjustments),
 * and the doctor's Equality Act view.
 */
export function releasedOutcome(body: ReportBody): {
  outcome: string;
  adjustments: AdjustmentKind[];
  equalityAct: EqualityActKey;
} {
  const items = body.kind === "management" ? body.adjustments : body.recommendations;
  const kinds = new Set<AdjustmentKind>();
  for (const item of items) {
    if (typeof item === "string") kinds.add("no_term");
    else if (item.lasting) kinds.add("lasting");
    else if (item.weeks !== undefined) kinds.add("weeks");
    else if (item.reviewBy !== undefined) kinds.add("review");
    else kinds.add("no_term");
  }
  return {
    outcome: body.kind === "management" ? body.fitness : body.outcome,
    adjustments: adjustmentKinds.filter((k) => kinds.has(k)),
    equalityAct: body.kind === "management" ? (body.equalityActView ?? "not_given") : "not_given",
  };
}
