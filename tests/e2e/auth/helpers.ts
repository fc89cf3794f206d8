import type { Page } from "@playwright/test";
import { codeFor, PASSWORD, uniqueEmail } from "../../support/test-accounts.ts";
import { linkTo, waitForMessage } from "../support/outbox.ts";
import { expect, test } from "../support/test.ts";

export { codeFor, PASSWORD, uniqueEmail } from "../../support/test-accounts.ts";

/**
 * Posts /login's register form the way the browser's form does (same fields, same Origin) and
 * checks the server's answer. The form itself is proved by tests/e2e/auth/registration.spec.ts;
 * the journeys that only need an account skip rendering and filling it.
 */
async function registerEmployerAccount(
  page: Page,
  email = uniqueEmail("employer"),
  companyName = "Northwind Logistics Ltd",
  // The optional address given, as most companies do, so checkout does not stop to ask for it;
  // null registers without one (docs/vat-invoices.md).
  address: string | null = "12 Canal Street\nLeeds\nLS1 4AB",
) {
  const response = await page.request.post("/login", {
    form: {
      intent: "register",
      companyName,
      contactName: "Priya Shah",
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ...(address ? { address } : {}),
    },
    // One client per company: the per-IP sign-up limit (20 an hour) is for real clients, and a
    // run registers more companies than that from one machine (see playwright.config.ts).
    headers: { origin: originOf(page), "x-forwarded-for": testNetAddress() },
    maxRedirects: 0,
  });
  expect(response.status(), "registration answers with a redirect").toBe(302);
  expect(response.headers().location).toMatch(/^\/registration-confirmation/);
  return email;
}

/** Registers an employer and follows the verification e-mail in the page; ends on /login. */
export async function registerVerifiedEmployer(
  page: Page,
  email = uniqueEmail("employer"),
  companyName = "Northwind Logistics Ltd",
) {
  await registerEmployerAccount(page, email, companyName);
  const message = await waitForMessage(email, "Verify your email");
  await page.goto(linkTo(message, "/verify-email"));
  await expect(page).toHaveURL(/\/login/);
  return email;
}

/**
 * Signs in with /login's form fields over HTTP: the session cookie lands in the page's context.
 * Returns where the server sends the user next (e.g. /employer-dashboard or /two-factor). A spec
 * on a server of its own names that server's `origin` (its context's baseURL), which the
 * project's baseURL is not, and the form is posted there.
 */
export async function signInByRequest(
  page: Page,
  email: string,
  { password = PASSWORD, origin = originOf(page) }: { password?: string; origin?: string } = {},
) {
  const response = await page.request.post(`${origin}/login`, {
    form: { intent: "sign-in", email, password },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in of ${email} answers with a redirect`).toBe(302);
  return response.headers().location ?? "";
}

/** An address from TEST-NET-2 (RFC 5737), never a real client. */
function testNetAddress() {
  return `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
}

function originOf(page: Page) {
  const base = test.info().project.use.baseURL;
  return new URL(base ?? page.url()).origin;
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
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
  // Enrolment ends with a redirect to the role's home; navigating before it lands would abort
  // the request and leave the session without its second factor.
  await expect(page).not.toHaveURL(/\/account\/two-factor/, { timeout: 15_000 });
  return secret;
}
