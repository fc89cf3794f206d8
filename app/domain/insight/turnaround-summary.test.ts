import { describe, expect, it } from "vitest";
import { summariseTurnaround } from "./turnaround-summary.ts";

describe("summariseTurnaround", () => {
  it("gives the hour of the middle and the 90th case, as its upper bound", () => {
    // Ten cases: 2 in hour 3, 5 in hour 10, 2 in hour 20, 1 in hour 30 (over a 24-hour promise).
    const summary = summariseTurnaround(
      new Map([
        [3, 2],
        [10, 5],
        [20, 2],
        [30, 1],
      ]),
      24,
    );
    expect(summary).toEqual({ cases: 10, medianHours: 11, p90Hours: 21, withinPromise: 9 });
  });

  it("gives nothing about fewer than 5 cases", () => {
    expect(summariseTurnaround(new Map([[5, 4]]), 48)).toEqual({
      cases: null,
      medianHours: null,
      p90Hours: null,
      withinPromise: null,
    });
  });
});
