import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/lib/form-submission.ts";
import { parseDoctorListQuery } from "./dashboard-forms.ts";
import { reportEditorFormSchema } from "./report-editor-forms.ts";
import { reportBodyFromForm, sentFields } from "./report-form.ts";

describe("the report editor's forms", () => {
  it("takes the signing code as an authenticator app shows it, with its space", () => {
    for (const intent of ["send", "save"]) {
      const sent = parseSubmission(
        new URLSearchParams([
          ["intent", intent],
          ["stepUpCode", "123 456"],
        ]),
        reportEditorFormSchema,
      );
      expect(sent.status === "success" && sent.value).toMatchObject({ stepUpCode: "123456" });
    }
    const declined = parseSubmission(
      new URLSearchParams([
        ["intent", "decline"],
        ["declineReason", "The report already says what the employer needs."],
        ["stepUpCode", " 654 321 "],
      ]),
      reportEditorFormSchema,
    );
    expect(declined.status === "success" && declined.value).toMatchObject({
      stepUpCode: "654321",
    });
  });

  it("reads the report's rows from Conform's payload as the editor sent them, one row or many", () => {
    const form = new URLSearchParams([
      ["intent", "save"],
      ["outcome", "fit"],
      ["recommendations.text", "Reduced lifting"],
      ["recommendations.weeks", "6"],
      ["recommendations.reviewBy", ""],
      ["recommendations.text", ""],
      ["recommendations.weeks", ""],
      ["recommendations.reviewBy", ""],
      ["summary", " Fit with one change. "],
    ]);
    const submission = parseSubmission(form, reportEditorFormSchema);
    expect(submission.status).toBe("success");
    const body = reportBodyFromForm("pre_employment", sentFields(submission.payload));
    expect(body).toEqual(reportBodyFromForm("pre_employment", form));
    expect(body).toMatchObject({
      outcome: "fit",
      recommendations: [{ text: "Reduced lifting", weeks: 6 }],
      summary: "Fit with one change.",
    });
    const single = new URLSearchParams([
      ["intent", "save"],
      ["recommendations.text", "Seat"],
    ]);
    expect(
      reportBodyFromForm(
        "pre_employment",
        sentFields(parseSubmission(single, reportEditorFormSchema).payload),
      ),
    ).toMatchObject({ recommendations: ["Seat"] });
  });

  it("refuses a side form with the domain's own messages, field by field", () => {
    const refused = (entries: [string, string][]) => {
      const submission = parseSubmission(new URLSearchParams(entries), reportEditorFormSchema);
      return submission.status === "error" ? submission.error : null;
    };
    expect(
      refused([
        ["intent", "message"],
        ["thread", "person_doctor"],
        ["body", "   "],
      ]),
    ).toEqual({
      body: ["Write your message."],
    });
    expect(
      refused([
        ["intent", "decline"],
        ["declineReason", "No."],
      ]),
    ).toEqual({
      declineReason: ["Give the employee your reason for not changing the report."],
    });
    expect(
      refused([
        ["intent", "notes"],
        ["clinicalNotes", "x".repeat(20_001)],
      ]),
    ).toEqual({
      clinicalNotes: ["Private notes must be at most 20,000 characters."],
    });
    expect(
      refused([
        ["intent", "notes"],
        ["clinicalNotes", ""],
      ]),
    ).toBeNull();
  });
});

describe("the dashboard's search", () => {
  it("reads the query string with the form's schema and never refuses it", () => {
    expect(parseDoctorListQuery(new URLSearchParams("tab=pending&q=%20Sam%20&page=3"))).toEqual({
      tab: "pending",
      search: "Sam",
      page: 3,
    });
    expect(parseDoctorListQuery(new URLSearchParams("tab=nonsense&page=-1"))).toEqual({
      tab: "all",
      search: "",
      page: 1,
    });
  });
});
