import { describe, expect, it } from "vitest";
import {
  enabledLinkIds,
  isConditionMet,
  isItemEnabled,
  visibleItems,
} from "./evaluate-enable-when.ts";
import type { Questionnaire } from "./questionnaire-types.ts";

const tiny: Questionnaire = {
  resourceType: "Questionnaire",
  url: "urn:test",
  version: "1",
  name: "tiny",
  title: "Tiny",
  status: "draft",
  item: [
    { linkId: "a", type: "boolean", text: "A?" },
    {
      linkId: "a.more",
      type: "text",
      text: "More?",
      enableWhen: [{ question: "a", operator: "=", answerBoolean: true }],
    },
    {
      linkId: "g",
      type: "group",
      text: "Group",
      enableWhen: [{ question: "a", operator: "=", answerBoolean: true }],
      item: [{ linkId: "g.n", type: "integer", text: "How many?" }],
    },
    {
      linkId: "b",
      type: "display",
      text: "Only when more than 3",
      enableWhen: [{ question: "g.n", operator: ">", answerInteger: 3 }],
    },
  ],
};

describe("isConditionMet (FHIR R4 semantics)", () => {
  const c = (operator: "=" | "!=" | ">" | "<" | ">=" | "<=", answerInteger: number) => ({
    question: "q",
    operator,
    answerInteger,
  });
  it.each([
    ["=", 2, [2], true],
    ["=", 2, [1, 2], true],
    ["=", 2, [], false],
    ["!=", 2, [3], true],
    ["!=", 2, [2], false],
    ["!=", 2, [], true],
    [">", 2, [3], true],
    [">", 2, [2], false],
    [">=", 2, [2], true],
    ["<", 2, [1], true],
    ["<", 2, [2], false],
    ["<=", 2, [2], true],
    ["<=", 2, [], false],
  ] as const)("%s %d against %j is %s", (op, expected, answers, result) => {
    expect(isConditionMet(c(op, expected), answers)).toBe(result);
  });

  it("exists true/false follows whether there is an answer", () => {
    expect(isConditionMet({ question: "q", operator: "exists", answerBoolean: true }, ["x"])).toBe(
      true,
    );
    expect(isConditionMet({ question: "q", operator: "exists", answerBoolean: true }, [])).toBe(
      false,
    );
    expect(isConditionMet({ question: "q", operator: "exists", answerBoolean: false }, [])).toBe(
      true,
    );
  });

  it("compares dates as ISO text and codes by equality only", () => {
    expect(
      isConditionMet({ question: "q", operator: ">=", answerDate: "2026-01-01" }, ["2026-03-01"]),
    ).toBe(true);
    expect(
      isConditionMet({ question: "q", operator: ">", answerCoding: { code: "b" } }, ["c"]),
    ).toBe(true);
    expect(isConditionMet({ question: "q", operator: ">", answerBoolean: false }, [true])).toBe(
      false,
    );
  });
});

describe("enabledLinkIds", () => {
  it("enables follow-ups and groups only behind their gate", () => {
    expect([...enabledLinkIds(tiny, {})]).toEqual(["a"]);
    expect([...enabledLinkIds(tiny, { a: true })]).toEqual(["a", "a.more", "g", "g.n"]);
  });

  it("treats the answers of a disabled item as absent, so a stale answer opens nothing", () => {
    // g.n = 5 was answered, then the person changed `a` to No: `b` depends on g.n and must close.
    expect(isItemEnabled(tiny, { a: true, "g.n": 5 }, "b")).toBe(true);
    expect(isItemEnabled(tiny, { a: false, "g.n": 5 }, "b")).toBe(false);
    expect(isItemEnabled(tiny, { a: false, "g.n": 5 }, "g.n")).toBe(false);
  });

  it("treats a blank string as unanswered", () => {
    const def: Questionnaire = {
      ...tiny,
      item: [
        { linkId: "s", type: "string", text: "S" },
        {
          linkId: "t",
          type: "display",
          text: "T",
          enableWhen: [{ question: "s", operator: "exists", answerBoolean: true }],
        },
      ],
    };
    expect(isItemEnabled(def, { s: "  " }, "t")).toBe(false);
    expect(isItemEnabled(def, { s: "x" }, "t")).toBe(true);
  });
});

describe("visibleItems", () => {
  it("lists enabled items flat, in question order", () => {
    expect(visibleItems(tiny, { a: true, "g.n": 4 }).map((i) => i.linkId)).toEqual([
      "a",
      "a.more",
      "g",
      "g.n",
      "b",
    ]);
  });
});
