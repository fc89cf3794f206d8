import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { requiredText } from "./required-text.ts";

const name = requiredText("Enter a name", 20, "Use 20 characters or fewer");
const messageOf = (value: unknown) => {
  const result = name.safeParse(value);
  return result.success ? null : result.error.issues.map((issue) => issue.message);
};

describe("requiredText", () => {
  it("refuses a field left out, blank, spaces of any kind, or invisible characters alone", () => {
    for (const blank of [
      undefined,
      null,
      "",
      " ",
      "\t\n",
      "\u00a0",
      "\u2003\u3000",
      "\ufeff",
      "\u200b",
      " \u200c\u200d ",
      "\u2060\u00ad",
    ])
      expect(messageOf(blank), JSON.stringify(blank)).toEqual(["Enter a name"]);
  });

  it("keeps text trimmed, joiners inside a word included", () => {
    expect(name.parse("  Dana Decline \u00a0")).toBe("Dana Decline");
    // A zero-width non-joiner is part of how some scripts spell a word.
    expect(name.parse("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645")).toBe(
      "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",
    );
  });

  it("says too long, not blank, past the limit", () => {
    expect(messageOf("x".repeat(21))).toEqual(["Use 20 characters or fewer"]);
  });

  it("refuses any mix of white space and format characters, and keeps any text with a letter", () => {
    const invisible = fc.constantFrom(
      " ",
      "\t",
      "\n",
      "\u00a0",
      "\u2003",
      "\u3000",
      "\u200b",
      "\u200c",
      "\u200d",
      "\u2060",
      "\ufeff",
      "\u00ad",
    );
    fc.assert(
      fc.property(fc.array(invisible, { maxLength: 20 }), (parts) => {
        expect(messageOf(parts.join(""))).toEqual(["Enter a name"]);
      }),
    );
    fc.assert(
      fc.property(
        fc.array(invisible, { maxLength: 8 }),
        fc.constantFrom("a", "É", "李", "ß"),
        (parts, letter) => {
          const middle = Math.floor(parts.length / 2);
          const text = [...parts.slice(0, middle), letter, ...parts.slice(middle)].join("");
          expect(name.safeParse(text).success).toBe(true);
        },
      ),
    );
  });
});
