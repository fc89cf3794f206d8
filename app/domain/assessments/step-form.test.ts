import { describe, expect, it } from "vitest";
import type { QuestionnaireItem } from "./questionnaire-types.ts";
import {
  coerceLoosely,
  dateFieldName,
  fieldName,
  joinDateParts,
  readStepAnswers,
  splitDate,
} from "./step-form.ts";

const items: QuestionnaireItem[] = [
  { linkId: "a", type: "boolean", text: "A" },
  {
    linkId: "b",
    type: "choice",
    repeats: true,
    text: "B",
    answerOption: [{ valueCoding: { code: "x", display: "X" } }],
  },
  { linkId: "c", type: "date", text: "C" },
  { linkId: "d", type: "integer", text: "D" },
];

describe("step form", () => {
  it("joins GOV.UK date parts into the precision given", () => {
    expect(joinDateParts("", "", "")).toBe("");
    expect(joinDateParts("", "", "2024")).toBe("2024");
    expect(joinDateParts("", "3", "2024")).toBe("2024-03");
    expect(joinDateParts("7", "3", "2024")).toBe("2024-03-07");
    expect(splitDate("2024-03-07")).toEqual({ year: "2024", month: "3", day: "7" });
  });

  it("reads every shown question, blank when untouched", () => {
    const form = new FormData();
    form.append(fieldName("a"), "true");
    form.append(fieldName("b"), "x");
    form.append(dateFieldName("c", "month"), "3");
    form.append(dateFieldName("c", "year"), "2024");
    const values = (name: string) => form.getAll(name).map(String);
    expect(readStepAnswers(items, values)).toEqual({ a: "true", b: ["x"], c: "2024-03", d: "" });
    expect(coerceLoosely(items, { a: "true", b: ["x"], c: "2024-03", d: "12" })).toEqual({
      a: true,
      b: ["x"],
      c: "2024-03",
      d: 12,
    });
    expect(coerceLoosely(items, { a: "", b: [], d: "twelve" })).toEqual({});
  });
});
