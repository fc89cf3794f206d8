import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { fillPreEmploymentReferral, payOnDemoPage, signedInEmployer } from "./employer.ts";
import { linkTo, waitForMessage } from "./outbox.ts";
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

/**
 * A referral placed the way an employer does it — a new company, the referral form, the demo
 * payment page — and the assessment link read from the invitation e-mail in the outbox. The
 * employer works in a browser context of its own, so the caller's page stays the subject's.
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
  const employer = options.employer?.page ?? (await employerContext!.newPage());
  try {
    const employerEmail = options.employer?.email ?? (await signedInEmployer(employer));
    const subjectEmail = `subject-${randomUUID().slice(0, 8)}@example.org`;
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
      await employer
        .getByLabel("Reason for referral")
        .fill(
          options.referralReason ??
            "Frequent short absences over the last three months; we want to know how best to support Robin.",
        );
      await employer
        .getByLabel("Job details")
        .fill("Customer service adviser, 37.5 hours a week, office based");
      await employer
        .getByLabel("Is the employee fit for their current role, with or without adjustments?")
        .check();
      await employer.getByLabel("What workplace adjustments do you recommend?").check();
      for (const question of options.moreQuestions ?? [])
        await employer.getByLabel(question).check();
      await employer.getByLabel(/I confirm the employee has been told/).check();
      await employer.getByRole("button", { name: "Submit and pay" }).click();
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
