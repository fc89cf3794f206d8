import { describe, expect, it } from "vitest";
import { typedCount } from "./typed-count.ts";

const range = { min: 1, max: 10 };

describe("typedCount", () => {
  it("reads a whole number within the range", () => {
    expect(typedCount("1", range)).toBe(1);
    expect(typedCount(" 10 ", range)).toBe(10);
  });

  it("gives null for a box that is empty, half-typed or out of range", () => {
    for (const text of ["", "  ", "2.5", "3e", "0", "11", "-1"])
      expect(typedCount(text, range)).toBeNull();
  });
});
