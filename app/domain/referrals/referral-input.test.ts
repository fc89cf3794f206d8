import { describe, expect, it } from "vitest";
import {
  managementDraftSchema,
  managementReferralSchema,
  nestQuestionFields,
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
    expect(
      messages(managementReferralSchema.safeParse(nestQuestionFields(withoutConsent))),
    ).toEqual({
      consentToProcessing: "You must consent to the processing of health data to proceed.",
    });
  });

  it("asks for a valid employee e-mail", () => {
    expect(
      messages(
        managementReferralSchema.safeParse(nestQuestionFields({ ...valid, employeeEmail: "nope" })),
      ),
    ).toEqual({
      employeeEmail: "Please provide a valid employee email address",
    });
  });

  it("nests the question checkboxes", () => {
    const parsed = managementReferralSchema.parse(nestQuestionFields(valid));
    expect(parsed.questions).toEqual({
      fitForWork: true,
      underlyingCondition: false,
      timeToFitness: false,
      recommendedAdjustments: true,
      engageInProcesses: false,
      equalityAct: false,
      followUp: false,
    });
  });

  it("saves a draft with only a name", () => {
    const parsed = managementDraftSchema.parse(nestQuestionFields({ employeeName: "Jo" }));
    expect(parsed).toMatchObject({
      employeeName: "Jo",
      employeeEmail: "",
      referralReason: "",
      consentToProcessing: false,
    });
  });
});
