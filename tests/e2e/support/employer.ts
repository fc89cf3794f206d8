import type { Page } from "@playwright/test";
import { seededEmployer } from "./seeded-accounts.ts";
import { expect } from "./test.ts";

/**
 * An employer company of its own, its owner signed in in `page`'s context, on the employer
 * dashboard: a seeded account (tests/e2e/support/seeded-accounts.ts). Returns the e-mail address.
 * The registration itself, with its e-mail link, is tests/e2e/auth/registration.spec.ts.
 */
export async function signedInEmployer(
  page: Page,
  options: { address?: null } = {},
): Promise<string> {
  return (await seededEmployer(page, options)).email;
}

/** Pays the order on the demo /payment page with its pre-filled test card. */
export async function payOnDemoPage(page: Page) {
  await expect(page).toHaveURL(/\/payment\?order=/);
  await expect(page.getByText("Demo mode", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: /^Pay £/ }).click();
}

/**
 * A member with credits: a seeded employer signs in and buys membership with the Starter pack
 * (10 credits) in one order, paid on the demo page. Returns the employer's e-mail address.
 */
export async function signedInMemberWithCredits(page: Page): Promise<string> {
  const email = await signedInEmployer(page);
  await page.goto("/package-selection?tab=membership");
  await page.getByRole("radio", { name: /Monthly membership/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/payment\?order=/);
  await page.getByRole("link", { name: "Credit Pack + Membership" }).click();
  await page.getByRole("radio", { name: /Starter: 10 credits/ }).check();
  await page.getByRole("button", { name: "Use this plan" }).click();
  await payOnDemoPage(page);
  await expect(page.getByRole("link", { name: "10 credits" })).toBeVisible();
  return email;
}

/**
 * The organisation the signed-in employer's session acts for, as its pages' forms post it
 * (`_organisation`, docs/architecture.md §4): for a request a spec sends by hand, which the
 * employer area refuses without it. Read from the subscription page (an owner's).
 */
export async function activeOrganisationId(page: Page): Promise<string> {
  const html = await (await page.request.get("/employer-subscription")).text();
  const id = /name="_organisation" value="([^"]+)"/.exec(html)?.[1];
  if (!id) throw new Error("no _organisation field on /employer-subscription");
  return id;
}

/**
 * The pre-employment referral form with its required fields filled, an offer made yesterday, not
 * yet sent: the caller ticks what else the case needs and chooses how to send it.
 */
export async function fillPreEmploymentReferral(
  employer: Page,
  candidate: { name: string; email: string; jobRole: string },
) {
  await employer.goto("/pre-employment-referral");
  await employer.getByLabel("Candidate name").fill(candidate.name);
  await employer.getByLabel("Candidate email address").fill(candidate.email);
  await employer.getByLabel("Job role").selectOption(candidate.jobRole);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await employer.getByLabel("Date of the conditional job offer").fill(yesterday);
}
