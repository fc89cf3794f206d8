import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { parseSubmission } from "~/lib/form-submission.ts";
import { formData } from "~tests/support/forms.ts";
import { managementQuestions } from "~tests/support/referrals.ts";
import {
  managementDraftSchema,
  managementReferralSchema,
  preEmploymentReferralSchema,
} from "./referral-input.ts";

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("pre-employment referral form", () => {
  const schema = preEmploymentReferralSchema("2026-11-21");

  it("gives the seed's messages for missing fields", () => {
    expect(messages(schema.safeParse({}))).toEqual({
      candidateName: "Candidate name is required",
      candidateEmail: "Email address is required",
      jobRole: "Job role is required",
      conditionalOfferDate: "Enter the date of the conditional job offer",
    });
    expect(
      messages(
        schema.safeParse({
          candidateName: "  ",
          candidateEmail: "x",
          jobRole: "Astronaut",
          conditionalOfferDate: "",
        }),
      ),
    ).toMatchObject({
      candidateName: "Candidate name is required",
      candidateEmail: "Invalid email address",
      jobRole: "Job role is required",
    });
  });

  it("accepts a complete form, with risk checkboxes off by default", () => {
    const parsed = schema.parse({
      candidateName: " Sam Patel ",
      candidateEmail: "Sam@Example.org",
      jobRole: "Driver",
      conditionalOfferDate: "2026-11-20",
      nightShifts: "on",
    });
    expect(parsed).toEqual({
      candidateName: "Sam Patel",
      candidateEmail: "sam@example.org",
      jobRole: "Driver",
      drivingRequired: false,
      nightShifts: true,
      loneWorking: false,
      safetyCritical: false,
      conditionalOfferDate: "2026-11-20",
      additionalNotes: "",
    });
  });

  it("refuses an offer date in the future or that is not a date", () => {
    for (const conditionalOfferDate of ["2026-11-22", "2026-13-01", "21/11/2026"]) {
      expect(
        messages(
          schema.safeParse({
            candidateName: "A",
            candidateEmail: "a@b.co",
            jobRole: "Other",
            conditionalOfferDate,
          }),
        ).conditionalOfferDate,
      ).toMatch(/real date/);
    }
  });
});

/** The management form as the action reads it: flat fields from the browser, through Conform. */
function submitted(schema: z.ZodType, fields: Record<string, string>) {
  return parseSubmission(formData(fields), schema);
}

function submittedErrors(schema: z.ZodType, fields: Record<string, string>) {
  const { error } = submitted(schema, fields).reply();
  return Object.fromEntries(
    Object.entries(error ?? {}).map(([name, errors]) => [name, errors?.[0]]),
  );
}

function submittedValue(schema: z.ZodType, fields: Record<string, string>) {
  const submission = submitted(schema, fields);
  if (submission.status !== "success") throw new Error("the form was refused");
  return submission.value as Record<string, unknown>;
}

describe("management referral form", () => {
  const valid = {
    employeeName: "Jo Bloggs",
    employeeEmail: "jo@example.org",
    referralReason: "Back pain affecting lifting duties",
    jobDetails: "Warehouse team leader",
    "questions.fitForWork": "on",
    "questions.recommendedAdjustments": "on",
    consentToProcessing: "on",
  };

  it("needs the employer's confirmation of consent, in the seed's words", () => {
    const { consentToProcessing: _, ...withoutConsent } = valid;
    expect(submittedErrors(managementReferralSchema, withoutConsent)).toEqual({
      consentToProcessing: "You must consent to the processing of health data to proceed.",
    });
  });

  it("asks for a valid employee e-mail", () => {
    expect(submittedErrors(managementReferralSchema, { ...valid, employeeEmail: "nope" })).toEqual({
      employeeEmail: "Please provide a valid employee email address",
    });
  });

  it("nests the question checkboxes", () => {
    const parsed = submittedValue(managementReferralSchema, valid);
    expect(parsed.questions).toEqual(
      managementQuestions({ fitForWork: true, recommendedAdjustments: true }),
    );
  });

  it("saves a draft with only a name", () => {
    const parsed = submittedValue(managementDraftSchema, { employeeName: "Jo" });
    expect(parsed).toMatchObject({
      employeeName: "Jo",
      employeeEmail: "",
      referralReason: "",
      consentToProcessing: false,
    });
    // No box ticked sends no question at all: every question is unticked.
    expect(Object.values(parsed.questions as object).every((ticked) => ticked === false)).toBe(
      true,
    );
  });
});
