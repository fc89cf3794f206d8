import { accountMenu, menuSummary, phoneMenu } from "../support/menus.ts";
import { linkTo, waitForMessage } from "../support/outbox.ts";
import { expect, test } from "../support/test.ts";
import { codeFor, PASSWORD, registerVerifiedEmployer, signIn } from "./helpers.ts";

// Each journey hashes several passwords (scrypt) and waits for e-mail: give it room on a busy machine.
test.describe.configure({ timeout: 60_000 });

test.describe("guard and sign-in", () => {
  test("an anonymous visitor goes to /login, and after signing in returns to the page", async ({
    page,
  }) => {
    const email = await registerVerifiedEmployer(page);
    for (const path of [
      "/employer-dashboard",
      "/referrals",
      "/subscriptions",
      "/reports",
      "/doctor-dashboard",
      "/admin",
      "/account",
    ]) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      // Doctors sign in on their own page, which asks for the second factor as well.
      const signInPage = path.startsWith("/doctor") ? "/doctor-login" : "/login";
      expect(response.headers().location, path).toBe(
        `${signInPage}?redirectTo=${encodeURIComponent(path)}&notice=auth-required`,
      );
    }
    await page.goto("/account");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount/);
    await expect(page.getByText("Authentication required").first()).toBeVisible();
    await expect(page.getByText("Please sign in to access this page").first()).toBeVisible();
    await signIn(page, email);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();

    // Signed in: /login sends them on, and public pages show My Account.
    await page.goto("/login");
    await expect(page).toHaveURL(/\/employer-dashboard/);
    await page.goto("/");
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My Account" }),
    ).toHaveAttribute("href", "/employer-dashboard");
  });

  test("signed-in header, pages are not cached, and sign out", async ({ page }) => {
    const email = await registerVerifiedEmployer(page);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/employer-dashboard/);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText([
      "Dashboard",
      "Referrals",
      "Reports",
      "Insight",
      "Subscription",
    ]);
    const response = await page.request.get("/employer-dashboard");
    expect(response.headers()["cache-control"]).toBe("no-store");
    // The account menu is in the HTML, a <details> that opens before and without JavaScript,
    // with Sign out a form (tests/e2e/shell/without-javascript.spec.ts).
    const html = await (await page.request.get("/employer-dashboard")).text();
    expect(html.slice(0, html.indexOf("</header>"))).toContain('data-menu="account"');

    await menuSummary(nav, "My Account").click();
    const menu = accountMenu(page);
    await expect(menu.getByRole("link", { name: "Subscription" })).toHaveAttribute(
      "href",
      "/employer-subscription",
    );
    await menu.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText("Sign out successful").first()).toBeVisible();
    await expect(page.getByText("You have been logged out").first()).toBeVisible();
    await page.goto("/employer-dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo/);
  });

  test('authenticator codes paste as the app shows them, "123 456", at enrolment and at sign-in', async ({
    page,
  }) => {
    const spaced = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;
    /** Pastes into the field (the browser applies its maxlength to a paste as to typing). */
    async function paste(label: string | RegExp, text: string) {
      const field = page.getByLabel(label);
      await field.focus();
      await page.keyboard.insertText(text);
      // All seven characters stay: a field of six cut "123 456" to "123 45".
      await expect(field).toHaveValue(text);
    }
    const email = await registerVerifiedEmployer(page);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/employer-dashboard/);
    await page.goto("/account/two-factor");
    await page.getByLabel("Confirm your password").fill(PASSWORD);
    await page.getByRole("button", { name: "Continue" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    const enrolledAt = Math.floor(Date.now() / 30_000);
    await paste(/Enter the 6-digit code/, spaced(codeFor(secret, new Date(enrolledAt * 30_000))));
    await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
    await expect(page).toHaveURL(/\/employer-dashboard/, { timeout: 15_000 });

    await page.context().clearCookies();
    await page.goto("/login");
    await signIn(page, email);
    await expect(page).toHaveURL(/\/two-factor/);
    // The next time step: a code works once.
    await paste(
      "Authentication code",
      spaced(codeFor(secret, new Date((enrolledAt + 1) * 30_000))),
    );
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/employer-dashboard/);
  });

  test("mobile menu signs out", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const email = await registerVerifiedEmployer(page);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/employer-dashboard/);
    await menuSummary(page, "Menu").click();
    const menu = phoneMenu(page);
    await expect(menu.getByRole("link", { name: "Referrals" })).toBeVisible();
    await menu.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  test("forgotten password: reset link works once and signs out everywhere", async ({
    page,
    browser,
  }) => {
    const email = await registerVerifiedEmployer(page);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/employer-dashboard/);

    const other = await browser.newContext();
    const resetPage = await other.newPage();
    await resetPage.goto("/login");
    await resetPage.getByRole("link", { name: "Forgotten your password?" }).click();
    await expect(resetPage.getByRole("heading", { name: "Reset your password" })).toBeVisible();
    await resetPage.getByLabel("Email").fill(email);
    await resetPage.getByRole("button", { name: "Send reset link" }).click();
    await expect(resetPage.getByRole("heading", { name: "Check your email" })).toBeVisible();

    const message = await waitForMessage(email, "Reset your ReferOH password");
    const link = linkTo(message, "/reset-password");
    await resetPage.goto(link);
    const newPassword = "Copper-Meadow-Violin-7";
    await resetPage.getByLabel("New password", { exact: true }).fill(newPassword);
    await resetPage.getByLabel("Confirm new password").fill(newPassword);
    await resetPage.getByRole("button", { name: "Change password" }).click();
    await expect(resetPage).toHaveURL(/\/login/);
    await signIn(resetPage, email, newPassword);
    await expect(resetPage).toHaveURL(/\/employer-dashboard/);

    // The first browser's session ended with the reset.
    await page.reload();
    await expect(page).toHaveURL(/\/login/);
    // The link works once.
    await resetPage.goto(link);
    await resetPage.getByLabel("New password", { exact: true }).fill(PASSWORD);
    await resetPage.getByLabel("Confirm new password").fill(PASSWORD);
    await resetPage.getByRole("button", { name: "Change password" }).click();
    await expect(resetPage.getByText("The link has expired or was already used")).toBeVisible();
    await other.close();
  });

  test("account page updates the profile", async ({ page }) => {
    const email = await registerVerifiedEmployer(page);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/employer-dashboard/);
    await page.goto("/account");
    await page.getByLabel("Full name").fill("Priya R Shah");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByText("Update successful")).toBeVisible();
    await expect(page.getByText("Your profile has been updated")).toBeVisible();
    await page.getByLabel("Company name").fill("Northwind Freight Ltd");
    // Reloading before the action has answered would abort the save.
    const saved = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/account"),
    );
    await page.getByRole("button", { name: "Save company details" }).click();
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect(page.getByLabel("Company name")).toHaveValue("Northwind Freight Ltd");
    await expect(page.getByLabel("Full name")).toHaveValue("Priya R Shah");
  });

  test("a cross-site form post is refused", async ({ request }) => {
    const response = await request.post("/login", {
      headers: { Origin: "https://evil.example" },
      form: { intent: "sign-in", email: "a@example.org", password: "whatever-123" },
      maxRedirects: 0,
    });
    expect([400, 403]).toContain(response.status());
  });
});
