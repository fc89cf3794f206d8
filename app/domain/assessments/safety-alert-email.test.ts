import { describe, expect, it } from "vitest";
import { safetyAlertEmail, safetyRealertEmail } from "./safety-alert-email.ts";
import { slaDueAt } from "./sla.ts";

/** The flagged case both e-mails are about. */
const flaggedCase = {
  reference: "REF-000123",
  type: "management",
  portalUrl: "https://referoh.example/doctor-dashboard",
} as const;

describe("safety alert e-mail", () => {
  it("names the case and the portal, and says nothing the person answered", () => {
    const mail = safetyAlertEmail(flaggedCase);
    expect(mail.subject).toBe("URGENT safety flag: REF-000123");
    expect(mail.text).toContain("https://referoh.example/doctor-dashboard");
    expect(mail.html).toContain("REF-000123");
    expect(mail.text).not.toMatch(/PHQ|item 9|better off dead/i);
  });

  it("re-alerts with URGENT first, the hours since the flag, and no health detail", () => {
    const mail = safetyRealertEmail({
      ...flaggedCase,
      flaggedAt: new Date("2026-03-28T10:00:00Z"),
      now: new Date("2026-03-28T12:05:00Z"),
    });
    expect(mail.subject).toMatch(/^URGENT /);
    expect(mail.text).toContain("2 hours ago");
    expect(mail.text).not.toMatch(/PHQ|item 9|better off dead|suicid/i);
  });
});

describe("SLA", () => {
  it("is 24 hours for members and 48 hours otherwise", () => {
    const at = new Date("2026-03-28T12:00:00Z");
    expect(slaDueAt(at, true).toISOString()).toBe("2026-03-29T12:00:00.000Z");
    expect(slaDueAt(at, false).toISOString()).toBe("2026-03-30T12:00:00.000Z");
  });
});
