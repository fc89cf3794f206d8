import { describe, expect, it } from "vitest";
import { reportBody } from "~/domain/reports/report-body.ts";
import { fieldIdOfIssue, linesOf, reportBodyFromForm } from "./report-form.ts";

describe("reportBodyFromForm", () => {
  it("reads a management report, one adjustment a line, and the schema demands a timescale when temporarily unfit", () => {
    const form = new URLSearchParams({
      fitnessOpinion: "Not at present.",
      fitness: "temporarily-unfit",
      timescale: "",
      adjustments: "Phased return\n\n  Later start times  \n",
      summary: "<script>alert(1)</script> stays literal text",
    });
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
      new URLSearchParams({ outcome: "fit-with-adjustments", recommendations: "A headset" }),
    );
    expect(reportBody.parse(body)).toMatchObject({ outcome: "fit-with-adjustments" });
  });

  it("maps issue paths to field ids", () => {
    expect(fieldIdOfIssue("answers.1.answer", ["fitForWork", "followUp"])).toBe("answer.followUp");
    expect(fieldIdOfIssue("adjustments.0", [])).toBe("adjustments");
    expect(fieldIdOfIssue("fitness", [])).toBe("fitness");
    expect(linesOf(" a \n\nb")).toEqual(["a", "b"]);
  });
});
