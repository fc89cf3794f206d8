import { describe, expect, it } from "vitest";
import { reportBody } from "~/domain/reports/report-body.ts";
import { adjustmentsOf, fieldIdOfIssue, linesOf, reportBodyFromForm } from "./report-form.ts";

/** The editor's adjustment rows as form entries: text, weeks and review date per row. */
function rows(list: string, values: [string, string, string][]): [string, string][] {
  return values.flatMap(([text, weeks, reviewBy]) => [
    [`${list}.text`, text],
    [`${list}.weeks`, weeks],
    [`${list}.reviewBy`, reviewBy],
  ]);
}

describe("reportBodyFromForm", () => {
  it("reads a management report, one adjustment a line, and the schema demands a timescale when temporarily unfit", () => {
    const form = new URLSearchParams([
      ["fitnessOpinion", "Not at present."],
      ["fitness", "temporarily-unfit"],
      ["timescale", ""],
      ...rows("adjustments", [
        ["Phased return", "", ""],
        ["", "", ""],
        ["  Later start times  ", "", ""],
      ]),
      ["summary", "<script>alert(1)</script> stays literal text"],
    ]);
    const body = reportBodyFromForm("management", form);
    expect(body).toMatchObject({
      kind: "management",
      fitnessOpinion: "Not at present.",
      adjustments: ["Phased return", "Later start times"],
    });
    const parsed = reportBody.safeParse(body);
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(paths).toContain("timescale");
  });

  it("reads a pre-employment certificate with recommendations", () => {
    const body = reportBodyFromForm(
      "pre_employment",
      new URLSearchParams([
        ["outcome", "fit-with-adjustments"],
        ...rows("recommendations", [["A headset", "", ""]]),
      ]),
    );
    expect(reportBody.parse(body)).toMatchObject({
      outcome: "fit-with-adjustments",
      recommendations: ["A headset"],
    });
  });

  it("keeps a temporary adjustment's weeks and review date, and lets the schema judge them", () => {
    const form = new URLSearchParams(
      rows("adjustments", [
        ["Reduced lifting", "6", ""],
        ["Later start", "", "2027-01-05"],
        ["Shorter shifts", "1.5", ""],
        ["", "4", ""],
      ]),
    );
    const items = adjustmentsOf(form, "adjustments");
    expect(items).toEqual([
      { text: "Reduced lifting", weeks: 6 },
      { text: "Later start", reviewBy: "2027-01-05" },
      { text: "Shorter shifts", weeks: "1.5" },
      { text: "", weeks: 4 },
    ]);
    const parsed = reportBody.safeParse({
      kind: "management",
      fitness: "fit-with-adjustments",
      adjustments: items,
      summary: "Fit with adjustments.",
    });
    expect(parsed.success).toBe(false);
    const issues = parsed.error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];
    expect(issues).toEqual([
      ["adjustments.2.weeks", "Give the duration in whole weeks."],
      ["adjustments.3.text", "An adjustment cannot be empty."],
    ]);
    expect(issues.map(([path]) => fieldIdOfIssue(path!, []))).toEqual([
      "adjustments-2-weeks",
      "adjustments-3-text",
    ]);
  });

  it("maps issue paths to field ids", () => {
    expect(fieldIdOfIssue("answers.1.answer", ["fitForWork", "followUp"])).toBe("answer.followUp");
    expect(fieldIdOfIssue("adjustments.0", [])).toBe("adjustments-0-text");
    expect(fieldIdOfIssue("recommendations.3.reviewBy", [])).toBe("recommendations-3-reviewBy");
    expect(fieldIdOfIssue("fitness", [])).toBe("fitness");
    expect(linesOf(" a \n\nb")).toEqual(["a", "b"]);
  });
});
