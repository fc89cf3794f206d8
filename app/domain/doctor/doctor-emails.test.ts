import { describe, expect, it } from "vitest";
import { caseReassignedEmail, caseSubmittedEmail, reportReadyEmail } from "./doctor-emails.ts";

// Once a doctor has recorded reaching the person, the e-mails must not send another doctor to
// ring them as if nobody had (docs/architecture.md §5a, the contact log).
const contactedAt = new Date("2026-03-10T14:05:00Z");
const ASKS_FOR_CONTACT = /please contact the person today/i;

describe("urgent case e-mails before and after contact", () => {
  const cases = [
    [
      "New case ready",
      (c: Date | null) =>
        caseSubmittedEmail({
          reference: "REF-000042",
          dashboardUrl: "https://x/d",
          urgent: true,
          contactedAt: c,
        }),
    ],
    [
      "Case assigned to you",
      (c: Date | null) =>
        caseReassignedEmail({
          reference: "REF-000042",
          caseUrl: "https://x/c",
          urgent: true,
          contactedAt: c,
        }),
    ],
  ] as const;

  it.each(cases)("%s asks for contact today while nobody has reached the person", (_, build) => {
    const mail = build(null);
    expect(mail.subject).toMatch(/^URGENT /);
    expect(mail.text).toMatch(ASKS_FOR_CONTACT);
    expect(mail.html).toMatch(ASKS_FOR_CONTACT);
  });

  it.each(cases)(
    "%s says the person was reached, and when, once contact is recorded",
    (_, build) => {
      const mail = build(contactedAt);
      // Still urgent in the inbox: the flag stands until a doctor closes the case.
      expect(mail.subject).toMatch(/^URGENT /);
      for (const body of [mail.text, mail.html]) {
        expect(body).not.toMatch(ASKS_FOR_CONTACT);
        expect(body).toContain("A doctor reached the person on 10 March 2026 at 14:05");
        expect(body).toContain("contact log");
      }
    },
  );

  it("an unflagged case carries neither line", () => {
    const mail = caseSubmittedEmail({
      reference: "REF-000043",
      dashboardUrl: "https://x/d",
      contactedAt,
    });
    expect(mail.subject).toBe("New case ready for review: REF-000043");
    expect(mail.text).not.toMatch(/safety flag|reached the person/);
  });
});

describe("the person's e-mail for a report to review", () => {
  it("says an amendment is an amendment of the released report, not a revision after their comments", () => {
    const mail = reportReadyEmail({
      subjectName: "Robin Taylor",
      reference: "REF-00042",
      link: "https://referoh.example/assessment/x/report",
      reviewDueAt: new Date("2026-12-04T17:00:00Z"),
      kind: "amended",
    });
    expect(mail.text).toContain("has amended your released occupational health report");
    expect(mail.text).toContain("your employer keeps the version released before");
    expect(mail.text).not.toContain("after your comments");
  });
});
