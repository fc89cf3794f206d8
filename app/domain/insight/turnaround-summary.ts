import { SMALL_COUNT_LIMIT } from "./suppress-small-counts.ts";

/** The longest turnaround counted to the hour; slower ones are counted as this. */
const TURNAROUND_CAP_HOURS = 240;

interface TurnaroundSummary {
  /** Cases released; null when fewer than 5 (then nothing else is given either). */
  cases: number | null;
  /** Hours within which half the cases were released (whole hours, rounded up). */
  medianHours: number | null;
  /** Hours within which 9 in 10 were. */
  p90Hours: number | null;
  /** Released within the promised hours. */
  withinPromise: number | null;
}

/**
 * The median and 90th percentile from the counts of cases by whole hours (floored) from the
 * completed questionnaire to release: the hour in which the case at that rank fell, given as its
 * upper bound ("within 13 hours"), the nearest-rank percentile. With fewer than 5 cases nothing is
 * given: a median of 3 cases is nearly one person's time.
 */
export function summariseTurnaround(
  byHour: ReadonlyMap<number, number>,
  promiseHours: number,
): TurnaroundSummary {
  const hours = [...byHour.entries()].filter(([, n]) => n > 0).sort(([a], [b]) => a - b);
  const cases = hours.reduce((sum, [, n]) => sum + n, 0);
  if (cases < SMALL_COUNT_LIMIT)
    return { cases: null, medianHours: null, p90Hours: null, withinPromise: null };
  const at = (fraction: number) => {
    const rank = Math.ceil(fraction * cases);
    let seen = 0;
    for (const [hour, n] of hours) {
      seen += n;
      if (seen >= rank) return Math.min(hour + 1, TURNAROUND_CAP_HOURS);
    }
    return TURNAROUND_CAP_HOURS;
  };
  const withinPromise = hours.filter(([h]) => h < promiseHours).reduce((s, [, n]) => s + n, 0);
  return { cases, medianHours: at(0.5), p90Hours: at(0.9), withinPromise };
}
