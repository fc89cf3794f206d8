import { PASSWORD, uniqueEmail } from "../auth/helpers.ts";
import { freshCode } from "../support/admin.ts";
import { openReportEditor } from "../support/doctor-case.ts";
import { signedInEmployer } from "../support/employer.ts";
import { linkTo, waitForMessage } from "../support/outbox.ts";
import { sendOfficeCase } from "../support/questionnaire.ts";
import { openReport } from "../support/report-review.ts";
import { expect, test } from "../support/test.ts";

/*
 * Where focus goes and what is announced (WCAG 2.4.3, 4.1.3): a dialog gives focus back to what
 * opened it, a change of the page's own state moves focus to its new heading, toasts are
 * announced through live regions that are in the page from the start and an error stays until
 * dismissed, and the report editor's first Tab stop is its first field.
 */

test("closing the Confirm Registration dialog gives focus back to the Register button", async ({
  page,
}) => {
  await page.goto("/register");
  await page.getByLabel("Company name").fill("Focus Testing Ltd");
  await page.getByLabel("Contact name").fill("Ada Keys");
  await page.getByLabel("Email").fill(uniqueEmail("focus-dialog"));
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  const register = page.getByRole("button", { name: "Register", exact: true });
  await register.click();
  const dialog = page.getByRole("dialog", { name: "Confirm Registration" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Edit details" }).click();
  await expect(dialog).toBeHidden();
  await expect(register).toBeFocused();

  // Escape, and a submit by Enter in a field: focus goes back to that field.
  const email = page.getByLabel("Email");
  await email.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(email).toBeFocused();
});

test("the reports type toggle moves focus to the list's new heading", async ({ page }) => {
  await signedInEmployer(page);
  await page.goto("/employer-reports");
  await page.getByRole("button", { name: "Management", exact: true }).click();
  await expect(page).toHaveURL(/type=management/);
  const heading = page.getByRole("heading", { level: 2, name: "Management Referral Reports" });
  await expect(heading).toBeFocused();
  await page.getByRole("button", { name: "Pre-Employment", exact: true }).click();
  await expect(
    page.getByRole("heading", { level: 2, name: "Pre-Employment Reports" }),
  ).toBeFocused();
});

test("toasts are announced by live regions in the page from the start; an error stays", async ({
  page,
  request,
}) => {
  // In the server's HTML, before any script or toast: an empty live region.
  const html = await (await request.get("/login")).text();
  expect(html).toMatch(
    /<div aria-live="polite" aria-relevant="additions text" aria-atomic="false" data-testid="toast-region"><\/div>/,
  );

  // The page's clock is the test's (Playwright's fake timers): the toast's 5 s are jumped over
  // below instead of waited for.
  await page.clock.install();
  await page.goto("/login");
  await page.getByLabel("Email").fill(uniqueEmail("focus-toast"));
  await page.getByLabel("Password", { exact: true }).fill("not the password at all");
  await page.getByRole("button", { name: "Sign In" }).click();
  // The toast is written into that region, which is the only live region it is in.
  const toast = page
    .getByTestId("toast-region")
    .locator("[data-sonner-toast]")
    .filter({ hasText: "Sign in failed" });
  await expect(toast).toBeVisible();
  await expect(page.locator("section[aria-live]")).toHaveCount(0);
  // Well past the 5 s of an ordinary toast, the error is still there until it is dismissed.
  await page.clock.fastForward(6_500);
  // A toast whose time is up leaves over the next 200 ms of its exit: give the page's own frames a
  // second to act on the jump before reading it.
  await page.waitForTimeout(1_000);
  await expect(toast).toBeVisible();
  await toast.getByRole("button", { name: /close/i }).click();
  await expect(toast).toBeHidden();
});

test("the editor's first Tab stop is its first field; ?step=withhold focuses its heading", async ({
  page,
  signedIn,
}) => {
  test.setTimeout(300_000);
  const { reference, subjectEmail } = await sendOfficeCase(page, { condition: "None" });

  const doc = await signedIn.doctor();
  const doctor = doc.page;
  await openReportEditor(doctor, reference);
  const heading = doctor.getByRole("heading", { level: 1, name: "Review & Create Report" });
  await heading.focus();
  await doctor.keyboard.press("Tab");
  const firstField = await doctor.evaluate(() => {
    const form = document.querySelector("main form[method=post]");
    const field = form?.querySelector<HTMLElement>(
      "input:not([type=hidden]), textarea, select, button",
    );
    return {
      isFirst: field === document.activeElement,
      focused: document.activeElement?.outerHTML.slice(0, 120),
    };
  });
  expect(firstField.isFirst, `focused ${firstField.focused}`).toBe(true);
  // The case panel is still in the page, after the report.
  await expect(doctor.getByRole("complementary")).toBeVisible();

  await doctor.getByLabel("Authenticator code to sign").fill(await freshCode(doc));
  await doctor.getByRole("button", { name: "Sign and send to the employee" }).click();
  await expect(doctor.getByText("Review completed")).toBeVisible();

  const ready = await waitForMessage(subjectEmail, "Your report is ready to review");
  await openReport(page, linkTo(ready, "/assessment/"));
  await page.getByRole("link", { name: "Withhold my consent" }).click();
  await expect(page).toHaveURL(/\?step=withhold/);
  const confirm = page.getByRole("heading", {
    level: 1,
    name: "Are you sure you want to withhold your consent?",
  });
  await expect(confirm).toBeFocused();
  await page.getByRole("link", { name: "No, go back to the report" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Your occupational health report" }),
  ).toBeFocused();
});
