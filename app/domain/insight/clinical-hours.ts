/*
 * The hour buckets of the clinical lead's view (`clinical_hours`, app/db/schema/insight.ts): the
 * trigger counts each time in a bucket numbered from 0 (`clinical_hours_bucket`,
 * drizzle/0061_clinical_counts_triggers.sql), each hour up to 72 (0-71), then 6 hours up to two
 * weeks (72-115), then days up to 60 days (116-161), then one bucket for anything longer (162).
 * The two must agree.
 */

/** How many buckets a histogram row holds. */
const CLINICAL_HOUR_BUCKETS = 163;
/** The hour the last bucket starts at: it holds every longer time. */
const CLINICAL_HOURS_CAP = 1440;

/** The bucket a time of `hours` falls in (as the trigger counts it). */
export function clinicalHoursBucket(hours: number): number {
  const h = Math.max(0, hours);
  if (h < 72) return Math.floor(h);
  if (h < 336) return 72 + Math.floor((h - 72) / 6);
  if (h < CLINICAL_HOURS_CAP) return 116 + Math.floor((h - 336) / 24);
  return CLINICAL_HOUR_BUCKETS - 1;
}

/** The hour a bucket ends at ("within N hours"); the last bucket is given as the hour it starts. */
function bucketEnd(bucket: number): number {
  if (bucket < 72) return bucket + 1;
  if (bucket < 116) return 72 + (bucket - 71) * 6;
  if (bucket < 162) return 336 + (bucket - 115) * 24;
  return CLINICAL_HOURS_CAP;
}

/** Adds one histogram row (`counts[i]` cases in bucket i) into `into`, bucket by bucket. */
export function addHistogram(into: number[], counts: readonly number[]): number[] {
  for (const [i, n] of counts.entries()) into[i] = (into[i] ?? 0) + n;
  return into;
}

/** How many cases a histogram counts. */
export function casesIn(counts: readonly number[]): number {
  return counts.reduce((sum, n) => sum + n, 0);
}

/**
 * The time within which `fraction` of the counted cases fell, read off counts by bucket as the
 * employer's turnaround is (`summariseTurnaround`): the bucket holding the case at that rank (the
 * nearest rank), given as the hour it ends at. Null when nothing was counted.
 */
export function hoursAt(counts: readonly number[], fraction: number): number | null {
  const cases = casesIn(counts);
  if (cases <= 0) return null;
  const rank = Math.max(1, Math.ceil(fraction * cases));
  let seen = 0;
  for (const [bucket, n] of counts.entries()) {
    seen += n;
    if (n > 0 && seen >= rank) return bucketEnd(bucket);
  }
  return null;
}
