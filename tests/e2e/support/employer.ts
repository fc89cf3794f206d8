import type { Page } from "@playwright/test";
import { registerVerifiedEmployer, signIn, uniqueEmail } from "../auth/helpers.ts";
import { expect } from "./test.ts";

/** A new employer company, registered and verified through the real pages, signed in on its dashboard. */
export async function signedInEmployer(page: Page, prefix = "employer"): Promise<string> {
  const email = await registerVerifiedEmployer(page, uniqueEmail(prefix));
  await signIn(page, email);
  await expect(page).toHaveURL(/\/employer-dashboard/);
  return email;
}
