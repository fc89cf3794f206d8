import { describe, expect, it } from "vitest";
import { invitationEmail } from "./invitation-email.ts";

const base = {
  kind: "initial" as const,
  type: "pre_employment" as const,
  subjectName: "Sam <script>alert(1)</script>",
  organisationName: "Acme & Sons Ltd",
  jobRole: "Driver",
  reference: "OCC-AB12C",
  link: "https://app.example/assessment/abc",
  expiresAt: new Date("2026-12-05T12:00:00Z"),
};

describe("invitation e-mail", () => {
  it("says who asked, why, who sees what, and until when the link works", () => {
    const mail = invitationEmail(base);
    expect(mail.subject).toBe("Acme & Sons Ltd has asked you to complete a health assessment");
    expect(mail.text).toContain("conditional offer for the role of Driver");
    expect(mail.text).toContain("Your employer never sees your answers");
    expect(mail.text).toContain("only after you have read it and agreed to its release");
    expect(mail.text).toContain("Saturday, 5 December 2026");
    expect(mail.text).toContain("https://app.example/assessment/abc");
    expect(mail.text).toContain("OCC-AB12C");
  });

  it("escapes names in the HTML part", () => {
    const mail = invitationEmail(base);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("Sam &lt;script&gt;");
    expect(mail.html).toContain("Acme &amp; Sons Ltd");
  });

  it("words reminders and management referrals differently", () => {
    const mail = invitationEmail({ ...base, kind: "reminder", type: "management", jobRole: null });
    expect(mail.subject).toBe("Reminder: your health assessment for Acme & Sons Ltd");
    expect(mail.text).toContain("still waiting for you");
    expect(mail.text).toContain("save and come back");
  });
});
