import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ShownCount, suppressSmallCounts } from "./suppress-small-counts.ts";

const value = (count: ShownCount) => (count.suppressed ? "hidden" : count.value);
const shownOf = (counts: number[]) =>
  suppressSmallCounts(counts.map((count, i) => ({ key: `k${i}`, count })));

describe("suppressSmallCounts", () => {
  it("shows every cell and the total when no cell counts 1 to 4", () => {
    const result = shownOf([12, 0, 5, 30]);
    expect(result.cells.map((c) => value(c.shown))).toEqual([12, 0, 5, 30]);
    expect(value(result.total)).toBe(47);
  });

  it("hides a second cell where one small cell could be worked back from the total", () => {
    // Fit 20, fit with adjustments 9, unfit 3, total 32: without a complement, 32 − 20 − 9 = 3.
    const result = shownOf([20, 9, 3]);
    expect(result.cells.map((c) => value(c.shown))).toEqual([20, "hidden", "hidden"]);
    expect(value(result.total)).toBe(32);
  });

  it("hides another cell where the hidden ones could only be 1 each", () => {
    // 12 − 10 = 2 across two hidden cells that are each at least 1: both are 1.
    const result = shownOf([10, 1, 1]);
    expect(result.cells.map((c) => value(c.shown))).toEqual(["hidden", "hidden", "hidden"]);
    expect(value(result.total)).toBe(12);
  });

  it("hides the total where no cell is left to hide beside a small one", () => {
    const result = shownOf([0, 7, 0]);
    expect(value(result.total)).toBe(7);
    const lone = shownOf([3, 0, 0]);
    expect(lone.cells.map((c) => value(c.shown))).toEqual(["hidden", 0, 0]);
    expect(value(lone.total)).toBe("hidden");
  });

  it("hides a total below 5", () => {
    expect(value(shownOf([2, 2]).total)).toBe("hidden");
  });

  it("refuses a count that is not a whole number of people", () => {
    expect(() => shownOf([1.5])).toThrow(RangeError);
    expect(() => shownOf([-1])).toThrow(RangeError);
  });

  /**
   * What a reader can learn: the shown cells, the shown total, and that every hidden cell is at
   * least 1 (zeros are shown). With the total shown, every hidden cell must take at least two
   * values consistent with that, or it has been worked back.
   */
  it("never lets a small cell be read, nor worked back from the total", () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 40 }), { maxLength: 8 }), (counts) => {
        const result = shownOf(counts);
        result.cells.forEach((cell, i) => {
          const count = counts[i] ?? 0;
          if (count > 0 && count < 5) expect(cell.shown.suppressed).toBe(true);
          if (!cell.shown.suppressed) expect(cell.shown.value).toBe(count);
        });
        const total = counts.reduce((a, b) => a + b, 0);
        if (total > 0 && total < 5) expect(result.total.suppressed).toBe(true);
        if (result.total.suppressed) return;
        expect(result.total.value).toBe(total);
        const hiddenCells = result.cells.filter((c) => c.shown.suppressed).length;
        const shownSum = result.cells.reduce(
          (sum, c) => sum + (c.shown.suppressed ? 0 : c.shown.value),
          0,
        );
        const hiddenSum = total - shownSum;
        // One hidden cell is the difference; n hidden cells summing to n are each 1.
        if (hiddenCells > 0) {
          expect(hiddenCells).toBeGreaterThan(1);
          expect(hiddenSum).toBeGreaterThan(hiddenCells);
        }
      }),
    );
  });
});
