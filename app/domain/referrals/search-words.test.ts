import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { searchWords, wordPrefixQuery } from "./search-words.ts";

describe("the list search's words", () => {
  it("splits a term the way PostgreSQL's simple parser splits a name", () => {
    expect(searchWords("Priya Okafor")).toEqual(["priya", "okafor"]);
    expect(searchWords("O'Brien")).toEqual(["o", "brien"]);
    expect(searchWords("Anne-Marie  ZOË")).toEqual(["anne", "marie", "zoë"]);
    expect(searchWords("smith smith")).toEqual(["smith"]);
    expect(searchWords("100%_")).toEqual(["100"]);
    expect(searchWords("'&|!():*")).toEqual([]);
  });

  it("builds a prefix query of every word", () => {
    expect(wordPrefixQuery("org-1", ["okafor", "pri"])).toBe("'org-1/okafor':* & 'org-1/pri':*");
    expect(wordPrefixQuery("o'x\\", ["a"])).toBe("'o\\'x\\\\/a':*");
  });

  it("never hands the query syntax anything but letters and digits, whatever is typed", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (term) => {
        const words = searchWords(term);
        expect(words.length).toBeLessThanOrEqual(8);
        for (const w of words) expect(w).toMatch(/^[\p{L}\p{N}]+$/u);
        expect(wordPrefixQuery("org-1", words)).toMatch(
          /^('org-1\/[\p{L}\p{N}]+':\*( & 'org-1\/[\p{L}\p{N}]+':\*)*)?$/u,
        );
      }),
    );
  });
});
