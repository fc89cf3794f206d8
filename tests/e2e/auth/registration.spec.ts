import { linkTo, waitForMessage } from "../support/outbox.ts";
import { expect, test } from "../support/test.ts";
import { PASSWORD, signIn, uniqueEmail } from "./helpers.ts";

// Each journey hashes several passwords (scrypt) and waits for e-mail: give it room on a busy machine.
test.describe.configure({ timeout: 60_000 });

test.describe("employer registration on /register", () => {
  test("register → verification e-mail → verify → sign in → dashboard", async ({ page }) => {
    const email = uniqueEmail("register");
    await page.goto("/register");
    await expect(
      page.getByRole("heading", { name: "Register your company", level: 1 }),
    ).toBeVisible();
    await expect(page.getByText("Clinician-led", { exact: true })).toBeVisible();
    await page.getByLabel("Company name").fill("Harbour Foods Ltd");
    await page.getByLabel("Industry").fill("Food production");
    await page.getByLabel("Contact name").fill("Tom O'Neill");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Phone").fill("0113 496 0000");
    await page.getByLabel("Address").fill("2 Dock Road, Hull");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Register", exact: true }).click();

    const dialog = page.getByRole("dialog", { name: "Confirm Registration" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Harbour Foods Ltd");
    await expect(dialog).toContainText("Food production");
    await expect(dialog).toContainText("Tom O'Neill");
    await expect(dialog).toContainText(email);
    await dialog.getByRole("button", { name: "Confirm and register" }).click();
    await expect(page.getByText("Sign up successful")).toBeVisible();
    await expect(page).toHaveURL(/\/registration-confirmation$/);
    await expect(page.getByRole("heading", { name: "Registration successful" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText(/support team at/)).toBeVisible();

    // Signing in before verifying is refused, with a way to resend.
    await page.getByRole("link", { name: "Go to Login" }).click();
    await signIn(page, email);
    await expect(
      page.getByRole("alert").filter({ hasText: "verify your email address" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Resend verification email" }).click();
    await expect(page.getByText("If that account still needs verifying")).toBeVisible();

    const message = await waitForMessage(email, "Verify your email");
    await page.goto(linkTo(message, "/verify-email"));
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText("Email verified").first()).toBeVisible();
    await signIn(page, email);
    await expect(page).toHaveURL(/\/employer-dashboard/);
    await expect(page.getByRole("heading", { name: "Welcome to your Dashboard" })).toBeVisible();
    await expect(page.getByText("Manage your occupational health assessments")).toBeVisible();
    await expect(page.getByText("Sign in successful")).toBeVisible();
    await expect(page.getByRole("main").getByText("Harbour Foods Ltd")).toBeVisible();
  });

  test("every problem at once, one toast at a time, none carried to the next page", async ({
    page,
  }, testInfo) => {
    await page.goto("/register");
    const register = page.getByRole("button", { name: "Register", exact: true });
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    const toasts = page.locator("[data-sonner-toast]");
    await register.click();
    await expect(toasts.filter({ hasText: "Missing required fields" })).toContainText(
      "Please fill in all required fields",
    );
    for (const message of [
      "Company name is required",
      "Contact name is required",
      "Email is required",
      "Password is required",
    ])
      await expect(summary).toContainText(message);

    // A short password and a different confirmation: both said at once, each on its field.
    await page.getByLabel("Company name").fill("Short Ltd");
    await page.getByLabel("Contact name").fill("Ann Lee");
    await page.getByLabel("Email").fill(uniqueEmail("short"));
    await page.getByLabel("Password", { exact: true }).fill("Ab1!xyz");
    await page.getByLabel("Confirm password").fill("Ab1!xyz2");
    await register.click();
    await expect(summary.getByRole("listitem")).toHaveText([
      "Password must be at least 8 characters",
      "Passwords don't match",
    ]);
    await expect(page.locator("#password-error")).toContainText("at least 8 characters");
    await expect(page.locator("#confirmPassword-error")).toContainText("Passwords don't match");
    // The new toast replaces the first attempt's instead of stacking beside it.
    await expect(toasts.filter({ hasText: "Password too short" })).toBeVisible();
    await expect(toasts).toHaveCount(1);

    // The show-password buttons sit inside their fields, errors or not.
    for (const id of ["password", "confirmPassword"]) {
      const field = await page.locator(`#${id}`).boundingBox();
      const eye = await page
        .locator(`#${id}`)
        .locator("..")
        .getByRole("button", { name: "Show password" })
        .boundingBox();
      expect(eye!.y).toBeGreaterThanOrEqual(field!.y - 1);
      expect(eye!.y + eye!.height).toBeLessThanOrEqual(field!.y + field!.height + 1);
    }
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: testInfo.outputPath(`register-errors-${width}.png`),
        fullPage: true,
      });
    }
    await page.setViewportSize({ width: 1280, height: 720 });

    // A common password is refused by the server, not just the browser.
    await page.getByLabel("Password", { exact: true }).fill("password1");
    await page.getByLabel("Confirm password").fill("password1");
    await register.click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirm and register" }).click();
    await expect(summary).toContainText("too common");
    await expect(toasts.filter({ hasText: "Sign up failed" })).toContainText("too common");
    await expect(toasts).toHaveCount(1);

    // Another page starts without this page's toasts.
    await page.getByRole("link", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toasts).toHaveCount(0);
  });
});

test.describe("register mode of /login", () => {
  test("the same form and action: every problem at once, then the success toast", async ({
    page,
  }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill("someone@example.org");
    await page.getByRole("link", { name: "Register your company" }).click();
    await expect(page.getByRole("heading", { name: "Register your company" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("");
    // The fields of /register.
    for (const label of ["Industry", "Phone", "Address"])
      await expect(page.getByLabel(label)).toBeVisible();

    const email = uniqueEmail("toggle");
    await page.getByLabel("Contact name").fill("Lee Chan");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("abc");
    await page.getByLabel("Confirm password").fill("abcd");
    await page.getByRole("button", { name: "Register", exact: true }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary.getByRole("listitem")).toHaveText([
      "Company name is required",
      "Password must be at least 8 characters",
      "Passwords don't match",
    ]);
    await expect(page.getByText("Missing required fields")).toBeVisible();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: test.info().outputPath(`login-register-errors-${width}.png`),
        fullPage: true,
      });
    }
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByLabel("Company name").fill("Chan Joinery Ltd");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Register", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm Registration" });
    await expect(dialog).toContainText("Chan Joinery Ltd");
    await dialog.getByRole("button", { name: "Confirm and register" }).click();
    await expect(page).toHaveURL(/\/registration-confirmation$/);
    const toasts = page.locator("[data-sonner-toast]");
    await expect(toasts.filter({ hasText: "Sign up successful" })).toContainText(
      "Your account has been created.",
    );
    // The earlier attempt's toast stayed behind on /login.
    await expect(toasts).toHaveCount(1);
    await expect(page.getByText(email)).toBeVisible();
  });

  test("without JavaScript both entry points answer every problem at once", async ({ page }) => {
    for (const path of ["/register", "/login?mode=register"]) {
      const response = await page.request.post(path, {
        form: {
          intent: "register",
          companyName: "",
          contactName: "Ann Lee",
          email: "not-an-address",
          password: "short",
          confirmPassword: "other",
        },
        headers: { origin: new URL(test.info().project.use.baseURL!).origin },
      });
      expect(response.status(), path).toBe(400);
      const html = await response.text();
      for (const message of [
        "Company name is required",
        "Invalid email address",
        "Password must be at least 8 characters",
        "Passwords don&#x27;t match",
      ])
        expect(html, `${path}: ${message}`).toContain(message);
      // What was typed comes back, the password never.
      expect(html).toContain('value="Ann Lee"');
      expect(html).not.toContain('value="short"');
    }
  });

  test("toggling back to sign in clears the error and its toast", async ({ page }) => {
    await page.goto("/login");
    await signIn(page, "nobody@example.org", "Wrong-Password-1");
    await expect(page.locator("[data-slot=alert][role=alert]")).toContainText(
      "Invalid email or password",
    );
    const toasts = page.locator("[data-sonner-toast]");
    await expect(toasts.filter({ hasText: "Sign in failed" })).toBeVisible();
    await page.getByRole("link", { name: "Register your company" }).click();
    await expect(page.locator("[data-slot=alert][role=alert]")).toHaveCount(0);
    await expect(toasts).toHaveCount(0);
  });
});
