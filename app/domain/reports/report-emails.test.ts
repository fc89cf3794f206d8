import { describe, expect, it } from "vitest";
import {
  consentWithheldEmail,
  correctionRequestedEmail,
  reportReleasedEmail,
  reviewReminderEmail,
} from "./report-emails.ts";

/** The one case every e-mail here is about. */
const theCase = {
  organisationName: "Acme Ltd",
  reportReference: "REP-AB12CD",
  referralReference: "REF-000007",
};

describe("report e-mails", () => {
  it("tell the employer only that consent was withheld", () => {
    const mail = consentWithheldEmail({
      ...theCase,
      link: "https://referoh.example/employer-referrals",
    });
    expect(mail.subject).toBe("Consent to release withheld: REF-000007");
    expect(mail.text).toContain("withheld their consent");
    expect(mail.text).not.toMatch(/REP-/);
  });

  it("point the employer at the released report without its content", () => {
    const link = "https://referoh.example/employer-report/REP-AB12CD";
    expect(reportReleasedEmail({ ...theCase, link }).text).toContain(link);
  });

  it("tell the doctor a correction was asked for, without the comment", () => {
    const mail = correctionRequestedEmail({
      ...theCase,
      doctorName: "Dr Shah",
      link: "https://referoh.example/doctor-dashboard",
    });
    expect(mail.subject).toBe("Correction requested: REF-000007");
    expect(mail.text).toContain("Nothing has been released");
  });

  it("remind the person with the due date in en-GB", () => {
    const mail = reviewReminderEmail({
      ...theCase,
      subjectName: "Jo Bloggs",
      link: "https://referoh.example/assessment/x/report",
      dueAt: new Date("2026-11-23T10:00:00Z"),
    });
    expect(mail.text).toContain("by 23 November 2026");
  });
});
