import { describe, expect, it } from "vitest";
import { codesOf } from "./labelled-codes.ts";

describe("codesOf", () => {
  it("gives the codes in the order the labels were written, codes with a colon or a dash too", () => {
    expect(codesOf({ "b:read": "B", a: "A", "c-d": "C" })).toEqual(["b:read", "a", "c-d"]);
  });
});
