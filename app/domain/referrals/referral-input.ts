import { z } from "zod";
import { requiredText } from "~/lib/required-text.ts";
import { type QuestionKey, questionKeys } from "./management-questions.ts";

/** The seed's job roles for pre-employment checks; the questionnaire modules follow from them. */
export const jobRoles = [
  "Office Worker",
  "Driver",
  "Healthcare Worker",
  "Warehouse Operative",
  "Security Officer",
  "Construction Worker",
  "IT Professional",
  "Retail Worker",
  "Manager",
  "Other",
] as const;

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.boolean()])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

const trimmed = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);

const email = (required: string, invalid: string) =>
  requiredText(required, 254, invalid)
    .pipe(z.email({ error: invalid }))
    .transform((v) => v.toLowerCase());

function isoDateNotAfterToday(value: string, today: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) && value <= today;
}

export function preEmploymentReferralSchema(today = new Date().toISOString().slice(0, 10)) {
  return z.object({
    candidateName: requiredText(
      "Candidate name is required",
      200,
      "Candidate name must be 200 characters or fewer",
    ),
    candidateEmail: email("Email address is required", "Invalid email address"),
    jobRole: z.enum(jobRoles, { error: "Job role is required" }),
    drivingRequired: checkbox,
    nightShifts: checkbox,
    loneWorking: checkbox,
    safetyCritical: checkbox,
    conditionalOfferDate: z
      .string({ error: "Enter the date of the conditional job offer" })
      .trim()
      .min(1, "Enter the date of the conditional job offer")
      .refine(
        (v) => isoDateNotAfterToday(v, today),
        "The conditional offer date must be a real date, today or earlier",
      ),
    additionalNotes: trimmed(2000, "Additional notes must be 2,000 characters or fewer")
      .optional()
      .default(""),
  });
}
export type PreEmploymentReferralInput = z.infer<ReturnType<typeof preEmploymentReferralSchema>>;

const questionsShape = Object.fromEntries(questionKeys.map((k) => [k, checkbox])) as Record<
  QuestionKey,
  typeof checkbox
>;

/**
 * The question checkboxes arrive as `questions.fitForWork=on`, which the form reader nests; with
 * none ticked nothing arrives at all, and that is every question unticked.
 */
const questions = z.object(questionsShape).prefault({});

/** The most a referral's free-text answer holds (the reason, job details, adjustments). */
export const REFERRAL_TEXT_MAX = 5000;

const managementFields = {
  employeeName: requiredText(
    "Employee name is required",
    200,
    "Employee name must be 200 characters or fewer",
  ),
  employeeEmail: email(
    "Employee email is required",
    "Please provide a valid employee email address",
  ),
  referralReason: requiredText(
    "Reason for referral is required",
    REFERRAL_TEXT_MAX,
    "Reason for referral must be 5,000 characters or fewer",
  ),
  jobDetails: requiredText(
    "Job details are required",
    REFERRAL_TEXT_MAX,
    "Job details must be 5,000 characters or fewer",
  ),
  existingAdjustments: trimmed(
    REFERRAL_TEXT_MAX,
    "Existing adjustments must be 5,000 characters or fewer",
  )
    .optional()
    .default(""),
  questions,
};

/** Submitting: every required field and the employer's confirmation of consent. */
export const managementReferralSchema = z.object({
  ...managementFields,
  consentToProcessing: checkbox.refine(
    (v) => v,
    "You must consent to the processing of health data to proceed.",
  ),
});
export type ManagementReferralInput = z.infer<typeof managementReferralSchema>;

/** Saving a draft: whatever has been typed, as long as what is there is valid. */
export const managementDraftSchema = z.object({
  employeeName: managementFields.employeeName,
  employeeEmail: z
    .string()
    .trim()
    .max(254)
    .optional()
    .default("")
    .refine(
      (v) => v === "" || z.email().safeParse(v).success,
      "Please provide a valid employee email address",
    )
    .transform((v) => v.toLowerCase()),
  referralReason: trimmed(
    REFERRAL_TEXT_MAX,
    "Reason for referral must be 5,000 characters or fewer",
  )
    .optional()
    .default(""),
  jobDetails: trimmed(REFERRAL_TEXT_MAX, "Job details must be 5,000 characters or fewer")
    .optional()
    .default(""),
  existingAdjustments: managementFields.existingAdjustments,
  questions,
  consentToProcessing: checkbox,
});
export type ManagementDraftInput = z.infer<typeof managementDraftSchema>;

/** Which of the management referral form's buttons sent it: save a draft, or submit. */
export const referralIntentSchema = z.object({
  intent: z.enum(["draft", "submit"]).catch("submit"),
});
