import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { base32Decode, totp } from "../../../app/domain/accounts/totp.ts";
import { linkTo, waitForMessage } from "../support/outbox.ts";
import { expect } from "../support/test.ts";

export const PASSWORD = "Teal-Harbour-Lantern-42";

export function uniqueEmail(prefix: string) {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.org`;
}

/** Registers through /login's register mode and follows the verification e-mail. */
export async function registerVerifiedEmployer(page: Page, email = uniqueEmail("employer")) {
  await page.goto("/login?mode=register");
  await page.getByLabel("Company name").fill("Northwind Logistics Ltd");
  await page.getByLabel("Contact name").fill("Priya Shah");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/registration-confirmation/);
  const message = await waitForMessage(email, "Verify your email");
  await page.goto(linkTo(message, "/verify-email"));
  await expect(page).toHaveURL(/\/login/);
  return email;
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** A code from the secret shown at enrolment (RFC 6238). */
export function codeFor(secret: string, at = new Date()) {
  return totp(base32Decode(secret), at);
}

/** Completes the forced two-factor enrolment; returns the secret. */
export async function enrolTwoFactor(page: Page, password = PASSWORD) {
  await expect(page).toHaveURL(/\/account\/two-factor/);
  await expect(page.getByText("Required for your account")).toBeVisible();
  await page.getByLabel("Confirm your password").fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await expect(page.getByTestId("backup-codes").getByRole("listitem")).toHaveCount(10);
  await page.getByLabel(/Enter the 6-digit code/).fill(codeFor(secret));
  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  return secret;
}
