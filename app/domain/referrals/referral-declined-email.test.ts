import { describe, expect, it } from "vitest";
import { referralDeclinedEmail } from "./referral-declined-email.ts";

describe("referralDeclinedEmail", () => {
  const mail = referralDeclinedEmail({
    organisationName: "Acme Ltd",
    referralReference: "REF-000042",
    link: "https://referoh.test/employer-referrals?viewReferral=REF-000042",
  });

  it("gives the reference and says the case could not go ahead", () => {
    expect(mail.subject).toBe("Referral REF-000042 could not go ahead");
    expect(mail.text).toContain("referral REF-000042 could not go ahead");
    expect(mail.text).toContain("https://referoh.test/employer-referrals?viewReferral=REF-000042");
  });

  it("says nothing about why or about the person", () => {
    expect(mail.text).not.toMatch(/declin|consent|withdr|stopp|refus|reason|answer/i);
  });
});
