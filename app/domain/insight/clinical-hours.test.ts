import { describe, expect, it } from "vitest";
import { addHistogram, clinicalHoursBucket, hoursAt } from "./clinical-hours.ts";

/** A histogram row with `n` cases in the bucket of each time. */
function histogram(times: [hours: number, n: number][]): number[] {
  const counts = Array<number>(163).fill(0);
  for (const [hours, n] of times) {
    const bucket = clinicalHoursBucket(hours);
    counts[bucket] = (counts[bucket] ?? 0) + n;
  }
  return counts;
}

describe("the clinical view's hour buckets", () => {
  it("count each hour up to 72, then 6 hours, then days, then one bucket past 60 days", () => {
    expect([0, 0.5, 12.3, 71.99].map(clinicalHoursBucket)).toEqual([0, 0, 12, 71]);
    expect([72, 77.9, 78, 335.9].map(clinicalHoursBucket)).toEqual([72, 72, 73, 115]);
    expect([336, 359, 360, 1439].map(clinicalHoursBucket)).toEqual([116, 116, 117, 161]);
    expect([1440, 5000].map(clinicalHoursBucket)).toEqual([162, 162]);
    // A time that runs backwards (clocks, hand-made data) counts as the first hour.
    expect(clinicalHoursBucket(-3)).toBe(0);
  });

  it("read the median and 90th percentile as the hour the bucket at that rank ends", () => {
    // Ten cases: 12.x hours for five, 30.x for four, 100 hours for one.
    const counts = histogram([
      [12.4, 5],
      [30.2, 4],
      [100, 1],
    ]);
    expect(hoursAt(counts, 0.5)).toBe(13);
    expect(hoursAt(counts, 0.9)).toBe(31);
    expect(hoursAt(counts, 1)).toBe(102);
    expect(hoursAt(histogram([[400, 1]]), 0.5)).toBe(408);
    expect(hoursAt(histogram([[1439, 1]]), 0.5)).toBe(1440);
    expect(hoursAt(histogram([[9000, 3]]), 0.5)).toBe(1440);
    expect(hoursAt(histogram([]), 0.5)).toBeNull();
  });

  it("add months' rows bucket by bucket", () => {
    const year = [
      histogram([[2.5, 2]]),
      histogram([
        [2.1, 1],
        [50, 3],
      ]),
    ].reduce(addHistogram, []);
    expect(year[2]).toBe(3);
    expect(year[50]).toBe(3);
    expect(hoursAt(year, 0.5)).toBe(3);
  });
});
