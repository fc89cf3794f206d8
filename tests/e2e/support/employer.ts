import type { Page } from "@playwright/test";
import { registerVerifiedEmployer, signIn, uniqueEmail } from "../auth/helpers.ts";
import { expect } from "./test.ts";

/**
 * A new employer company through the real UI: register, follow the verification e-mail, sign in.
 * Returns the e-mail address, ending on the employer dashboard.
 */
export async function signedInEmployer(page: Page, prefix = "employer"): Promise<string> {
  const email = await registerVerifiedEmployer(page, uniqueEmail(prefix));
  await signIn(page, email);
  await expect(page).toHaveURL(/\/employer-dashboard/);
  return email;
}

/** Pays the order on the demo /payment page with its pre-filled test card. */
export async function payOnDemoPage(page: Page) {
  await expect(page).toHaveURL(/\/payment\?order=/);
  await expect(page.getByText("Demo mode", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: /^Pay £/ }).click();
}
