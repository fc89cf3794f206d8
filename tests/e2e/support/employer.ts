import type { Page } from "@playwright/test";
import { registerEmployerAccount, signInByRequest, uniqueEmail } from "../auth/helpers.ts";
import { linkTo, waitForMessage } from "./outbox.ts";
import { expect } from "./test.ts";

/**
 * A new employer company, signed in: registered and signed in over HTTP with the real forms'
 * fields, verified through the real e-mail link. Returns the e-mail address, ending on the
 * employer dashboard. (The clicking version of this is tests/e2e/auth/registration.spec.ts.)
 */
export async function signedInEmployer(
  page: Page,
  prefix = "employer",
  { address }: { address?: string | null } = {},
): Promise<string> {
  const email = await registerEmployerAccount(
    page,
    uniqueEmail(prefix),
    undefined,
    address === undefined ? undefined : address,
  );
  const message = await waitForMessage(email, "Verify your email");
  const verified = await page.request.get(linkTo(message, "/verify-email"), { maxRedirects: 0 });
  expect(verified.headers().location, "the verification link verifies").toBe(
    "/login?notice=email-verified",
  );
  expect(await signInByRequest(page, email)).toMatch(/^\/employer-dashboard/);
  await page.goto("/employer-dashboard");
  await expect(page).toHaveURL(/\/employer-dashboard/);
  return email;
}

/** Pays the order on the demo /payment page with its pre-filled test card. */
export async function payOnDemoPage(page: Page) {
  await expect(page).toHaveURL(/\/payment\?order=/);
  await expect(page.getByText("Demo mode", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: /^Pay £/ }).click();
}

/** Membership with the Starter pack (10 credits) in one order, paid on the demo page. */
export async function buyMembershipWithStarterCredits(page: Page) {
  await page.goto("/package-selection?tab=membership");
  await page.getByRole("radio", { name: /Monthly membership/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/payment\?order=/);
  await page.getByRole("link", { name: "Credit Pack + Membership" }).click();
  await page.getByRole("radio", { name: /Starter: 10 credits/ }).check();
  await page.getByRole("button", { name: "Use this plan" }).click();
  await payOnDemoPage(page);
  await expect(page.getByRole("link", { name: "10 credits" })).toBeVisible();
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
