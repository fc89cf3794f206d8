import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  type QuestionKey,
  questionKeys,
  questionText,
} from "../../../app/domain/referrals/management-questions.ts";
import { fillPreEmploymentReferral, payOnDemoPage, signedInEmployer } from "./employer.ts";
import { linkTo, waitForMessage } from "./outbox.ts";
import { seededReferrer } from "./seeded-accounts.ts";
import type { SeededReferrer } from "./seeded-accounts-file.ts";
import { expect } from "./test.ts";

interface InvitedReferralOptions {
  type: "pre_employment" | "management";
  /** Pre-employment: the referral form's job role label, e.g. "Office Worker" (default). */
  jobRole?: string;
  drivingRequired?: boolean;
  nightShifts?: boolean;
  loneWorking?: boolean;
  safetyCritical?: boolean;
  /** Management: the employer's reason for referral (default: a neutral sentence). */
  referralReason?: string;
  /** The person's mobile number, typed into the referral form's optional field. */
  subjectPhone?: string;
  /** Management: questions the employer asks besides fitness and adjustments, by their label. */
  moreQuestions?: (string | RegExp)[];
  /** An employer already signed in (a seeded one, say) who places it; by default a new one. */
  employer?: { page: Page; email: string };
}

const riskLabels = {
  drivingRequired: "Driving is part of the role",
  nightShifts: "Night shifts",
  loneWorking: "Lone working",
  safetyCritical: "Safety-critical duties",
} as const;

/** The employer's wording of each management question, for `moreQuestions` by label. */
function questionsTicked(labels: (string | RegExp)[]): Partial<Record<QuestionKey, true>> {
  const ticked: Partial<Record<QuestionKey, true>> = {
    fitForWork: true,
    recommendedAdjustments: true,
  };
  for (const label of labels) {
    const key = questionKeys.find((k) =>
      typeof label === "string" ? questionText(k) === label : label.test(questionText(k)),
    );
    if (!key) throw new Error(`no management question reads ${label}`);
    ticked[key] = true;
  }
  return ticked;
}

const DEFAULT_REASON =
  "Frequent short absences over the last three months; we want to know how best to support Robin.";
const JOB_DETAILS = "Customer service adviser, 37.5 hours a week, office based";

/**
 * A referral placed with a seeded company's API key (docs/api.md), paid by card on the demo page
 * the API's 402 answer links to, as a form's referral is: the same use cases and the same payment,
 * without the form's page loads, for the journeys that are about what comes after it. The form
 * keeps journeys of its own (tests/e2e/referrals/, tests/e2e/no-js/).
 */
async function placeThroughApi(
  employer: Page,
  referrer: SeededReferrer,
  subjectEmail: string,
  options: InvitedReferralOptions,
) {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const body =
    options.type === "pre_employment"
      ? {
          type: "pre_employment",
          candidateName: "Robin Taylor",
          candidateEmail: subjectEmail,
          jobRole: options.jobRole ?? "Office Worker",
          drivingRequired: options.drivingRequired ?? false,
          nightShifts: options.nightShifts ?? false,
          loneWorking: options.loneWorking ?? false,
          safetyCritical: options.safetyCritical ?? false,
          conditionalOfferDate: yesterday,
        }
      : {
          type: "management",
          employeeName: "Robin Taylor",
          employeeEmail: subjectEmail,
          referralReason: options.referralReason ?? DEFAULT_REASON,
          jobDetails: JOB_DETAILS,
          questions: questionsTicked(options.moreQuestions ?? []),
          consentToProcessing: true,
        };
  const response = await employer.request.post("/api/v1/referrals", {
    headers: {
      authorization: `Bearer ${referrer.apiKey}`,
      "idempotency-key": randomUUID(),
    },
    data: body,
  });
  const answer = await response.json();
  expect(response.status(), JSON.stringify(answer)).toBe(402);
  await employer.goto(answer.paymentUrl);
}

/**
 * The referral form, filled as an employer does it, sent to the demo payment page: for a case
 * placed by an employer the journey already has, or with what only the form takes (a mobile).
 */
async function placeThroughForm(
  employer: Page,
  subjectEmail: string,
  options: InvitedReferralOptions,
) {
  if (options.type === "pre_employment") {
    await fillPreEmploymentReferral(employer, {
      name: "Robin Taylor",
      email: subjectEmail,
      jobRole: options.jobRole ?? "Office Worker",
    });
    if (options.subjectPhone)
      await employer.getByLabel(/Candidate mobile number/).fill(options.subjectPhone);
    for (const [flag, label] of Object.entries(riskLabels)) {
      if (options[flag as keyof typeof riskLabels]) await employer.getByLabel(label).check();
    }
    await employer.getByRole("button", { name: "Continue to payment" }).click();
  } else {
    await employer.goto("/employer-referral?type=management");
    await employer.getByLabel("Employee name").fill("Robin Taylor");
    await employer.getByLabel("Employee email address").fill(subjectEmail);
    if (options.subjectPhone)
      await employer.getByLabel(/Employee mobile number/).fill(options.subjectPhone);
    await employer.getByLabel("Reason for referral").fill(options.referralReason ?? DEFAULT_REASON);
    await employer.getByLabel("Job details").fill(JOB_DETAILS);
    for (const key of ["fitForWork", "recommendedAdjustments"] as const)
      await employer.getByLabel(questionText(key)).check();
    for (const question of options.moreQuestions ?? []) await employer.getByLabel(question).check();
    await employer.getByLabel(/I confirm the employee has been told/).check();
    await employer.getByRole("button", { name: "Submit and pay" }).click();
  }
}

/**
 * A referral placed and paid by card on the demo payment page, and the assessment link read from
 * the invitation e-mail in the outbox. A new seeded company places it through the API unless the
 * caller brings its own employer or a mobile number, which go through the form. The employer works
 * in a browser context of its own, so the caller's page stays the subject's.
 */
export async function createInvitedReferral(
  page: Page,
  options: InvitedReferralOptions,
): Promise<{ link: string; reference: string; subjectEmail: string; employerEmail: string }> {
  const browser = page.context().browser();
  if (!browser) throw new Error("createInvitedReferral needs a browser-backed page");
  // The same origin as playwright.config.ts's server.
  const employerContext = options.employer
    ? null
    : await browser.newContext({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 3210}` });
  try {
    const subjectEmail = `subject-${randomUUID().slice(0, 8)}@example.org`;
    let employer: Page;
    let employerEmail: string;
    if (options.employer) {
      ({ page: employer, email: employerEmail } = options.employer);
      await placeThroughForm(employer, subjectEmail, options);
    } else if (options.subjectPhone) {
      employer = await employerContext!.newPage();
      employerEmail = await signedInEmployer(employer);
      await placeThroughForm(employer, subjectEmail, options);
    } else {
      const referrer = await seededReferrer(employerContext!);
      employer = await employerContext!.newPage();
      employerEmail = referrer.email;
      await placeThroughApi(employer, referrer, subjectEmail, options);
    }
    await payOnDemoPage(employer);
    await expect(employer).toHaveURL(/\/review-referral\?referral=/);
    await expect(employer.getByRole("heading", { name: "Payment confirmed" })).toBeVisible();
    const reference = (await employer
      .locator("dt", { hasText: "Reference" })
      .locator("+ dd")
      .textContent())!.trim();
    const message = await waitForMessage(
      subjectEmail,
      "has asked you to complete a health assessment",
    );
    return { link: linkTo(message, "/assessment/"), reference, subjectEmail, employerEmail };
  } finally {
    await employerContext?.close();
  }
}
