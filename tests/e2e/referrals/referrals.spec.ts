import { signInByRequest } from "../auth/helpers.ts";
import { createInvitedReferral } from "../support/assessment-link.ts";
import { activeOrganisationId, signedInEmployer } from "../support/employer.ts";
import { expect, expectLinksTo, test } from "../support/test.ts";

test.describe("employer referrals", () => {
  test("dashboard shows the seed's counters and cards from the database", async ({ page }) => {
    await signedInEmployer(page);
    await expect(page.getByRole("heading", { name: "Welcome to your Dashboard" })).toBeVisible();
    const summary = page.getByRole("region", { name: "Summary" });
    await expect(summary.getByText("Active Assessments")).toBeVisible();
    await expect(summary.getByText("Available Credits")).toBeVisible();
    await expect(summary).toContainText("0");
    await expect(page.getByText("No activity yet.")).toBeVisible();
    await expectLinksTo(page, {
      "New Pre-Employment Assessment": "/pre-employment-referral",
      "New Management Referral": "/employer-referral?type=management",
    });
  });

  test("a management referral is saved as a draft, edited, and submitted towards payment", async ({
    page,
  }) => {
    await signedInEmployer(page);
    await page.goto("/employer-referral?type=management");
    await page.getByRole("button", { name: "Submit and pay" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary).toContainText("Employee name is required");
    await expect(summary).toContainText(
      "You must consent to the processing of health data to proceed.",
    );

    await page.getByLabel("Employee name").fill("Jordan Ellis");
    await page.getByLabel("Employee email address").fill("not-an-email");
    await page.getByRole("button", { name: "Save as draft" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText(
      "Please provide a valid employee email address",
    );
    await page.getByLabel("Employee email address").fill("jordan.ellis@example.org");
    await page
      .getByLabel("Reason for referral")
      .fill("Long-term back pain affecting lifting duties");
    await page.getByRole("button", { name: "Save as draft" }).click();

    await expect(page).toHaveURL(/\/employer-referrals\?status=draft/);
    const row = page.getByRole("row", { name: /Jordan Ellis/ });
    await expect(row).toContainText("Draft");
    await row.getByRole("link", { name: /^Edit REF-\d{6}$/ }).click();
    // A client navigation keeps the list on screen until the form's loader answers, which on a
    // loaded machine has taken longer than the default 5 s.
    await expect(page).toHaveURL(/\/employer-referral\/[\w-]+$/, { timeout: 20_000 });
    await expect(page.getByLabel("Reason for referral")).toHaveValue(
      "Long-term back pain affecting lifting duties",
    );
    await page.getByLabel("Job details").fill("Warehouse team leader, 37.5 hours a week");
    await page
      .getByLabel("Is the employee fit for their current role, with or without adjustments?")
      .check();
    await page.getByLabel(/I confirm the employee has been told/).check();
    await page.getByRole("button", { name: "Submit and pay" }).click();
    // No credits: the referral waits for payment at the provider's checkout.
    await expect(page).toHaveURL(/\/payment\?order=[0-9a-f-]{36}/);
    await page.goto("/employer-referrals");
    await expect(page.getByRole("row", { name: /Jordan Ellis/ })).toContainText("Awaiting payment");
  });

  test("search and status filter run on the server and survive a reload", async ({ page }) => {
    await signedInEmployer(page);
    const longReason = "Stress-related absence after a long restructure of the warehouse team";
    for (const name of ["Amelia Hart", "Benjamin Cole"]) {
      await page.goto("/employer-referral?type=management");
      await page.getByLabel("Employee name").fill(name);
      if (name === "Amelia Hart") await page.getByLabel("Reason for referral").fill(longReason);
      await page.getByRole("button", { name: "Save as draft" }).click();
      await expect(page).toHaveURL(/\/employer-referrals/);
    }
    await page.goto("/employer-referrals");
    await page.getByLabel("Search").fill("AMELIA");
    // The status applies as soon as it is chosen, with the text typed beside it; focus stays.
    await page.getByLabel("Status").selectOption("draft");
    await expect(page).toHaveURL(/q=AMELIA/);
    await expect(page).toHaveURL(/status=draft/);
    await expect(page.getByRole("row", { name: /Benjamin Cole/ })).toHaveCount(0);
    await expect(page.getByLabel("Status")).toBeFocused();
    await page.reload();
    await expect(page.getByLabel("Search")).toHaveValue("AMELIA");
    await expect(page.getByRole("row", { name: /Amelia Hart/ })).toBeVisible();
    await expect(page.getByRole("row", { name: /Benjamin Cole/ })).toHaveCount(0);
    // On a phone each row is a card with room to wrap: the issue is shown whole, not clipped.
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 375, height: 800 });
    const issue = page
      .getByRole("row", { name: /Amelia Hart/ })
      .getByRole("cell")
      .nth(2);
    await expect(issue).toContainText(longReason);
    expect(await issue.evaluate((cell) => cell.scrollWidth <= cell.clientWidth)).toBe(true);
    await page.setViewportSize(desktop);
    await expect(page.getByRole("columnheader")).toHaveText([
      "Reference",
      "Employee",
      "Issue",
      "Type",
      "Date Created",
      "Status",
      "Actions",
    ]);
    await page.getByLabel("Status").selectOption("invited");
    await expect(page.getByText("No OH referrals found")).toBeVisible();
    await expect(page.getByText("Try adjusting your search criteria")).toBeVisible();
    await page.getByRole("link", { name: "Clear" }).click();
    await expect(page.getByRole("row", { name: /Benjamin Cole/ })).toBeVisible();

    // The search's limit is the schema's: shown as it is typed, and the search is not sent.
    const search = page.getByLabel("Search");
    await search.fill("x".repeat(101));
    await expect(search).toHaveAccessibleDescription(/Search must be 100 characters or fewer/);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).not.toHaveURL(/q=/);
    await search.fill("AMELIA");
    await expect(search).not.toHaveAttribute("aria-invalid");
    // Without JavaScript the loader shows the same message and lists with the other filters.
    await page.goto(`/employer-referrals?status=draft&q=${"x".repeat(101)}`);
    await expect(search).toHaveAccessibleDescription(/Search must be 100 characters or fewer/);
    await expect(page.getByRole("row", { name: /Benjamin Cole/ })).toBeVisible();
  });

  test("the drawer opens on its heading, so Cancel referral is not one key press away", async ({
    page,
  }) => {
    const { reference, employerEmail } = await createInvitedReferral(page, { type: "management" });
    expect(await signInByRequest(page, employerEmail)).toMatch(/^\/employer-dashboard/);
    // The row's link is the referral's own page; with scripts, a click opens the drawer over
    // the list instead.
    await page.goto(`/employer-referrals?q=${reference}`);
    const view = page
      .getByRole("row")
      .filter({ hasText: reference })
      .getByRole("link", { name: `View ${reference}` });
    await expect(view).toHaveAttribute("href", `/employer-referrals/${reference}`);
    await view.click();
    const drawer = page.getByRole("dialog");
    await expect(
      drawer.getByRole("heading", { name: `Referral Details: ${reference}` }),
    ).toBeFocused();
    await expect(page).toHaveURL(/\/employer-referrals\?q=/);
    const cancel = drawer.getByRole("button", { name: "Cancel referral" });
    await expect(cancel).toBeVisible();
    await expect(cancel).not.toBeFocused();
    // The dialog keeps its name from the heading.
    await expect(drawer).toHaveAccessibleName(`Referral Details: ${reference}`);
    // Closed, it gives focus back to the link that opened it.
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);
    await expect(view).toBeFocused();
  });

  test("another company's user gets 404 for the referral, its drawer and its actions", async ({
    page,
    browser,
  }) => {
    await signedInEmployer(page);
    await page.goto("/employer-referral?type=management");
    await page.getByLabel("Employee name").fill("Casey Morgan");
    await page.getByRole("button", { name: "Save as draft" }).click();
    await expect(page).toHaveURL(/\/employer-referrals/);
    const href = await page
      .getByRole("row", { name: /Casey Morgan/ })
      .getByRole("link", { name: /^Edit/ })
      .getAttribute("href");
    const referralId = href!.split("/").at(-1)!;

    // The drawer opens from the query for the owner, and the query is then removed.
    await page.goto(`/employer-referrals?viewReferral=${referralId}`);
    await expect(page.getByRole("dialog", { name: /Referral Details: REF-\d{6}/ })).toBeVisible();
    await expect(page).not.toHaveURL(/viewReferral/);

    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signedInEmployer(other);
    expect((await other.goto(`/employer-referral/${referralId}`))?.status()).toBe(404);
    expect((await other.goto(`/employer-referrals/${referralId}`))?.status()).toBe(404);
    expect((await other.goto(`/employer-referrals/${referralId}?confirm=cancel`))?.status()).toBe(
      404,
    );
    // Another company's reference opens nothing: a toast, and the query leaves the address.
    await other.goto(`/employer-referrals?viewReferral=${referralId}`);
    await expect(other.getByText("Referral not found")).toBeVisible();
    await expect(other).not.toHaveURL(/viewReferral/);
    await expect(other.getByRole("dialog")).toHaveCount(0);
    await other.goto(`/employer-dashboard?viewReferral=${referralId}`);
    await expect(other.getByText("Referral not found").first()).toBeVisible();
    await expect(other.getByRole("dialog")).toHaveCount(0);
    // Posted as the intruder's own pages would, for their own organisation.
    const ownOrganisation = await activeOrganisationId(other);
    for (const action of ["remind", "cancel"]) {
      const response = await other.request.post(`/employer-referrals/${referralId}/${action}`, {
        form: { _organisation: ownOrganisation },
        headers: { Origin: new URL(other.url()).origin },
      });
      expect(response.status(), action).toBe(404);
      // The same, from the referral's own page.
      const fromPage = await other.request.post(`/employer-referrals/${referralId}`, {
        form: { _organisation: ownOrganisation, intent: action },
        headers: { Origin: new URL(other.url()).origin },
      });
      expect(fromPage.status(), `${action} from the referral's page`).toBe(404);
    }
    await otherContext.close();
  });
});
