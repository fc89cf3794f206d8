import { describe, expect, expectTypeOf, it } from "vitest";
import { type QuestionKey, questionKeys } from "~/domain/referrals/management-questions.ts";
import { QUESTION_FIELDS } from "~/domain/reports/report-body.ts";
import { EDITOR_PLACES } from "./management-fields.tsx";

describe("the report editor's places for the employer's questions", () => {
  it("place every question of management-questions.ts, and nothing else", () => {
    expect(Object.keys(EDITOR_PLACES).sort()).toEqual([...questionKeys].sort());
    expectTypeOf<keyof typeof EDITOR_PLACES>().toEqualTypeOf<QuestionKey>();
  });

  it("answer each text question in a text field of the report body", () => {
    for (const key of questionKeys)
      if (EDITOR_PLACES[key] === "text")
        expect(["formalProcesses", "equalityActOpinion", "followUp", "diagnosis"]).toContain(
          QUESTION_FIELDS[key],
        );
  });
});
