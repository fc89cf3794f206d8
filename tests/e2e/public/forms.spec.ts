import fs from "node:fs";
import path from "node:path";
import type { Browser, Request } from "@playwright/test";
import { expect, test, waitForHydration } from "../support/test.ts";

/** The embedded outbox of the test server (playwright.config.ts sets DATA_DIR). */
function outboxMessagesContaining(text: string) {
  const dir = path.join(process.env.E2E_DATA_DIR!, "mail");
  if (!fs.existsSync(dir)) return [];
  // The messages only: each .eml has a readable .txt copy beside it.
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".eml"))
    .map((file) => fs.readFileSync(path.join(dir, file), "utf8"))
    .filter((raw) => raw.includes(text));
}

test.describe("contact form", () => {
  test("has the mailto link and the section id", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.locator("section#contact")).toBeVisible();
    // The section's id is its own: the form once shared it, and a fragment or a label's `for`
    // then points at whichever comes first.
    const repeated = await page.evaluate(() => {
      const ids = Array.from(document.querySelectorAll("[id]"), (element) => element.id);
      return ids.filter((id, index) => ids.indexOf(id) !== index);
    });
    expect(repeated).toEqual([]);
    await expect(page.getByRole("link", { name: "hello@referoh.co.uk" })).toHaveAttribute(
      "href",
      "mailto:hello@referoh.co.uk",
    );
  });

  test("shows every validation message above its field and in the summary", async ({ page }) => {
    await page.goto("/contact");
    // Nothing is said about a field until the form is sent, however it was left (GOV.UK). React
    // marks the nodes it has hydrated; before that no field is checked in the browser at all.
    await waitForHydration(page, "form#contact-form");
    const email = page.getByRole("textbox", { name: "Email" });
    await email.fill("sam@example");
    await email.press("Tab");
    await expect(page.getByText("Invalid email address")).toHaveCount(0);
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
    await email.fill("");
    await page.getByRole("button", { name: "Send message" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary).toBeVisible();
    for (const message of ["Name is required", "Email is required", "Message is required"]) {
      await expect(summary.getByRole("link", { name: message })).toBeVisible();
    }
    await expect(page.getByRole("textbox", { name: "Name" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(page.getByRole("textbox", { name: "Company (optional)" })).not.toHaveAttribute(
      "aria-invalid",
      "true",
    );

    await page.getByRole("textbox", { name: "Name" }).fill("Sam Patel");
    await page.getByRole("textbox", { name: "Email" }).fill("sam@example");
    await page.getByRole("textbox", { name: "Message" }).fill("Hello");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(summary.getByRole("link", { name: "Invalid email address" })).toBeVisible();
    await expect(summary.getByRole("link")).toHaveCount(1);
    // The summary link moves focus to the field.
    await summary.getByRole("link", { name: "Invalid email address" }).click();
    await expect(page.getByRole("textbox", { name: "Email" })).toBeFocused();
  });

  test("loads its check in the browser only when the person moves into the form", async ({
    page,
  }) => {
    // The check brings the schema library (components/marketing/enquiry-form.tsx): a fifth of
    // the page's JavaScript that nothing at load needs.
    const scripts: string[] = [];
    const posts: string[] = [];
    const loadingScripts = new Set<Request>();
    page.on("request", (request) => {
      if (request.resourceType() === "script") {
        scripts.push(new URL(request.url()).pathname);
        loadingScripts.add(request);
      }
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    page.on("requestfinished", (request) => loadingScripts.delete(request));
    page.on("requestfailed", (request) => loadingScripts.delete(request));
    const isCheck = (path: string) => path.includes("enquiry-validators");
    await page.goto("/contact");
    await waitForHydration(page, "form#contact-form");
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter(isCheck)).toEqual([]);

    const checkLoaded = page.waitForResponse((response) =>
      isCheck(new URL(response.url()).pathname),
    );
    await page.getByRole("textbox", { name: "Name" }).focus();
    await checkLoaded;
    // The check's chunk imports the schema library's: wait for every script it asked for, then
    // for React to take the loaded check, or a click under load is (rightly) checked by the server.
    await expect.poll(() => loadingScripts.size).toBe(0);
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    // Checked in the browser now: the empty form is refused without a round trip.
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
    expect(posts).toEqual([]);
  });

  test("sends: Sending..., then the toast, stored and e-mailed, and the form is reset", async ({
    page,
  }) => {
    const marker = `contact-${Date.now()}`;
    await page.goto("/contact");
    await waitForHydration(page, "form#contact-form");
    await page.getByRole("textbox", { name: "Name" }).fill("Jo Bloggs");
    await page.getByRole("textbox", { name: "Email" }).fill("jo@example.co.uk");
    await page.getByRole("textbox", { name: "Company (optional)" }).fill("Bloggs Bakery Ltd");
    await page
      .getByRole("textbox", { name: "Message" })
      .fill(`Do you cover night bakers? ${marker}`);
    // Hold the request briefly so the in-flight state can be seen.
    await page.route("**/contact.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast).toContainText("Message sent successfully");
    await expect(toast).toContainText("We'll get back to you within 24-48 hours.");
    await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("");
    await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled();
    await expect.poll(() => outboxMessagesContaining(marker).length).toBe(1);
    const raw = outboxMessagesContaining(marker)[0]!;
    expect(raw).toMatch(/^To: hello@referoh\.co\.uk$/m);
    expect(raw).toMatch(/^Reply-To: jo@example\.co\.uk$/m);
    expect(raw).toContain("Subject: Contact form: Jo Bloggs (Bloggs Bakery Ltd)");
  });
});

/*
 * Without JavaScript: a context of its own, because the automatic axe scan (which needs
 * JavaScript in the page) covers these pages in the tests above.
 */
async function pageWithoutJavaScript(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return { page: await context.newPage(), close: () => context.close() };
}

test.describe("contact form without JavaScript", () => {
  test("shows errors and then the server-rendered success message", async ({ browser }) => {
    const { page, close } = await pageWithoutJavaScript(browser);
    const marker = `nojs-${Date.now()}`;
    await page.goto("/contact");
    await page.getByRole("textbox", { name: "Name" }).fill("No Script");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("link", { name: "Email is required" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Message is required" })).toBeVisible();
    // What was typed survives the round trip.
    await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue("No Script");
    await page.getByRole("textbox", { name: "Email" }).fill("noscript@example.org");
    await page.getByRole("textbox", { name: "Message" }).fill(`Plain HTML works ${marker}`);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Message sent successfully" }),
    ).toBeVisible();
    await expect.poll(() => outboxMessagesContaining(marker).length).toBe(1);
    await close();
  });
});

test.describe("register your interest", () => {
  test("requires all four fields, then registers, toasts and returns home", async ({ page }) => {
    const marker = `Interest Co ${Date.now()}`;
    await page.goto("/register-interest");
    await expect(page.getByRole("link", { name: "Privacy Policy" }).last()).toHaveAttribute(
      "href",
      "/privacy-policy",
    );
    await page.getByRole("button", { name: "Register Interest" }).click();
    for (const message of [
      "Full name is required",
      "Email address is required",
      "Company name is required",
      "Your role is required",
    ])
      await expect(page.getByRole("link", { name: message })).toBeVisible();

    await page.getByRole("textbox", { name: "Full Name" }).fill("Lee Chan");
    await page.getByRole("textbox", { name: "Email Address" }).fill("not-an-email");
    await page.getByRole("textbox", { name: "Company Name" }).fill(marker);
    await page.getByRole("textbox", { name: "Your Role" }).fill("Operations Director");
    await page.getByRole("button", { name: "Register Interest" }).click();
    await expect(page.getByRole("link", { name: "Enter a valid email address" })).toBeVisible();

    await page.getByRole("textbox", { name: "Email Address" }).fill("lee@example.org");
    await page.getByRole("button", { name: "Register Interest" }).click();
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast).toContainText("Interest registered!");
    await expect(toast).toContainText("Thank you for your interest. We'll be in touch soon.");
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => outboxMessagesContaining(marker).length).toBe(1);
  });
});

test.describe("register your interest without JavaScript", () => {
  test("shows the success message with a link home", async ({ browser }) => {
    const { page, close } = await pageWithoutJavaScript(browser);
    await page.goto("/register-interest");
    await page.getByRole("textbox", { name: "Full Name" }).fill("Kim Ode");
    await page.getByRole("textbox", { name: "Email Address" }).fill("kim@example.org");
    await page.getByRole("textbox", { name: "Company Name" }).fill("Ode Care Homes");
    await page.getByRole("textbox", { name: "Your Role" }).fill("Registered Manager");
    await page.getByRole("button", { name: "Register Interest" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Interest registered!" }),
    ).toBeVisible();
    await page.getByRole("link", { name: "Return to the home page" }).click();
    await expect(page).toHaveURL(/\/$/);
    await close();
  });
});
