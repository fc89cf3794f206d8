import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { containsPattern, escapeLike } from "./like-pattern.ts";

/** What PostgreSQL's LIKE does with a pattern whose escape character is the backslash. */
function likeMatches(value: string, pattern: string): boolean {
  let regex = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "\\") regex += (pattern[++i] ?? "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    else if (c === "%") regex += "[\\s\\S]*";
    else if (c === "_") regex += "[\\s\\S]";
    else regex += c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${regex}$`).test(value);
}

describe("LIKE patterns", () => {
  it("escapes the wildcards and the escape character", () => {
    expect(escapeLike("50%_off\\now")).toBe("50\\%\\_off\\\\now");
    expect(containsPattern("REF_1")).toBe("%ref\\_1%");
  });

  it("matches exactly the values that contain the typed text, whatever it holds", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (before, search, after) => {
        const value = `${before}${search}${after}`.toLowerCase();
        expect(likeMatches(value, containsPattern(search))).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.string(), fc.string(), (value, search) => {
        const lower = value.toLowerCase();
        expect(likeMatches(lower, containsPattern(search))).toBe(
          lower.includes(search.toLowerCase()),
        );
      }),
    );
  });
});
