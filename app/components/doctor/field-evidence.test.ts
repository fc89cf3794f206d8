import { describe, expect, it } from "vitest";
import { withoutQuotedAnswers } from "./field-evidence.tsx";

const answers = {
  "condition.description": {
    linkId: "condition.description",
    question: "In your own words, what is the health problem?",
    answer: "Low mood most mornings and  poor sleep.\nWorse in winter.",
  },
};

describe("evidence notes beside a field", () => {
  it("point to an answer they quote instead of printing it again", () => {
    expect(
      withoutQuotedAnswers(
        {
          text: "In their words: “Low mood most mornings and poor sleep. Worse in winter”",
          basis: ["condition.description"],
        },
        answers,
      ),
    ).toBe("In their words: (their answer, linked below)");
    // The drafter shortens long quotations with an ellipsis.
    expect(
      withoutQuotedAnswers(
        { text: "Says “Low mood most…” at times.", basis: ["condition.description"] },
        answers,
      ),
    ).toBe("Says (their answer, linked below) at times.");
  });

  it("keep a quotation of anything that is not an answer they rest on", () => {
    const text = "The employer wrote “frequent short absences”.";
    expect(withoutQuotedAnswers({ text, basis: ["condition.description"] }, answers)).toBe(text);
    expect(
      withoutQuotedAnswers(
        { text: "In their words: “Low mood most mornings”", basis: [] },
        answers,
      ),
    ).toBe("In their words: “Low mood most mornings”");
  });
});
