import { describe, expect, it } from "vitest";
import {
  managementDraftSchema,
  preEmploymentReferralSchema,
} from "~/domain/referrals/referral-input.ts";
import { parseReferralForm } from "./referral-form.server.ts";

function formData(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

/** The 400 answer's body, as the page reads it back (`actionData.result`). */
function reply(parsed: ReturnType<typeof parseReferralForm>) {
  if (parsed.ok) throw new Error("expected the form to be refused");
  expect(parsed.response.init?.status).toBe(400);
  return parsed.response.data.result;
}

describe("reading a referral form", () => {
  it("refuses a bad mobile number with the schema's errors, and sends back what was typed", () => {
    const result = reply(
      parseReferralForm(
        formData({ candidateName: "", candidateEmail: "sam@example.org", candidatePhone: "abc" }),
        preEmploymentReferralSchema("2026-11-21"),
        "candidatePhone",
      ),
    );
    expect(result.error?.candidateName).toEqual(["Candidate name is required"]);
    expect(result.error?.candidatePhone?.[0]).toMatch(/^Enter a phone number using only digits/);
    expect(result.initialValue).toMatchObject({
      candidateEmail: "sam@example.org",
      candidatePhone: "abc",
    });
  });

  it("refuses a bad mobile number even when the rest is valid", () => {
    const result = reply(
      parseReferralForm(
        formData({ employeeName: "Jo", employeePhone: "12" }),
        managementDraftSchema,
        "employeePhone",
      ),
    );
    expect(Object.keys(result.error ?? {})).toEqual(["employeePhone"]);
  });

  it("gives the input and the number in E.164", () => {
    const parsed = parseReferralForm(
      formData({ employeeName: "Jo", employeePhone: "07911 123456", "questions.followUp": "on" }),
      managementDraftSchema,
      "employeePhone",
    );
    if (!parsed.ok) throw new Error("expected the form to be read");
    expect(parsed.subjectPhone).toBe("+447911123456");
    expect(parsed.input.employeeName).toBe("Jo");
    expect(parsed.input.questions.followUp).toBe(true);
    expect(parsed.input.questions.fitForWork).toBe(false);
  });
});
