import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { excerpt } from "./excerpt.ts";

describe("excerpt", () => {
  it("keeps a short text whole, with its spaces tidied", () => {
    expect(excerpt("Back  pain\nsince March")).toBe("Back pain since March");
  });

  it("cuts a long text at a word and ends it with an ellipsis", () => {
    const text =
      "Frequent short absences over the last three months; we want to know how best to support Robin at work.";
    const short = excerpt(text, 40);
    expect(short).toBe("Frequent short absences over the last…");
    expect(short.length).toBeLessThanOrEqual(40);
  });

  it("is never longer than asked and always a prefix of the text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 10, max: 120 }), (text, max) => {
        const short = excerpt(text, max);
        expect(short.length).toBeLessThanOrEqual(max);
        const flat = text.replace(/\s+/g, " ").trim();
        expect(flat.startsWith(short.replace(/…$/, ""))).toBe(true);
      }),
    );
  });
});
