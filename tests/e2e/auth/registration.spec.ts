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
    await expect(page.getByText("Harbour Foods Ltd")).toBeVisible();
  });

  test("shows the seed's validation messages", async ({ page }) => {
    await page.goto("/register");
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await expect(page.getByText("Missing required fields")).toBeVisible();
    await expect(page.getByText("Please fill in all required fields")).toBeVisible();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary).toContainText("Company name is required");
    await expect(summary).toContainText("Contact name is required");

    await page.getByLabel("Company name").fill("Short Ltd");
    await page.getByLabel("Contact name").fill("Ann Lee");
    await page.getByLabel("Email").fill(uniqueEmail("short"));
    await page.getByLabel("Password", { exact: true }).fill("Ab1!xyz");
    await page.getByLabel("Confirm password").fill("Ab1!xyz");
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await expect(page.getByText("Password too short")).toBeVisible();
    await expect(summary).toContainText("Password must be at least 8 characters");

    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(`${PASSWORD}x`);
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await expect(page.getByText("Please make sure your passwords match")).toBeVisible();
    await expect(summary).toContainText("Passwords don't match");

    // A common password is refused by the server, not just the browser.
    await page.getByLabel("Password", { exact: true }).fill("password1");
    await page.getByLabel("Confirm password").fill("password1");
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirm and register" }).click();
    await expect(summary).toContainText("too common");
  });
});

test.describe("register mode of /login", () => {
  test("toggle clears the form and the error; messages in the seed's order", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill("someone@example.org");
    await page.getByRole("link", { name: "Register your company" }).click();
    await expect(page.getByRole("heading", { name: "Register your company" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("");

    await page.getByLabel("Contact name").fill("Lee Chan");
    await page.getByLabel("Email").fill(uniqueEmail("toggle"));
    await page.getByLabel("Password", { exact: true }).fill("abc");
    await page.getByLabel("Confirm password").fill("abcd");
    await page.getByRole("button", { name: "Create account" }).click();
    const alert = page.locator("[data-slot=alert][role=alert]");
    await expect(alert).toContainText("Passwords don't match");
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(page.getByText("Company name is required")).toBeVisible();

    await page.getByLabel("Password", { exact: true }).fill("Quiet-Lantern-Harbour");
    await page.getByLabel("Confirm password").fill("Quiet-Lantern-Harbour");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(alert).toContainText("Company name is required");
    // Editing a field clears the error.
    await page.getByLabel("Company name").fill("C");
    await expect(alert).toHaveCount(0);

    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/registration-confirmation/);
  });

  test("toggling back to sign in clears the error", async ({ page }) => {
    await page.goto("/login");
    await signIn(page, "nobody@example.org", "Wrong-Password-1");
    await expect(page.locator("[data-slot=alert][role=alert]")).toContainText(
      "Invalid email or password",
    );
    await expect(page.getByText("Sign in failed").first()).toBeVisible();
    await page.getByRole("link", { name: "Register your company" }).click();
    await expect(page.locator("[data-slot=alert][role=alert]")).toHaveCount(0);
  });
});
