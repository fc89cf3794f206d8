import { createInvitedReferral } from "../support/assessment-link.ts";
import { signedInEmployer } from "../support/employer.ts";
import { expect, test } from "../support/test.ts";

/*
 * The review and release in the browser. A report reaches the person only when a doctor signs
 * and sends it, in the doctor's portal; until that journey exists in this suite, the decisions
 * themselves are proved by app/domain/reports/reports.integration.test.ts and
 * app/routes/reports-routes.integration.test.ts, and tests/e2e/support/report-review.ts holds the
 * steps (approveReport, requestCorrection, withholdConsent, openEmployerReport,
 * downloadReportPdf) that the whole journey composes after the doctor signs.
 */
test.describe("report review and release", () => {
  test("no report before the doctor sends one; the employer's reports page filters an empty list", async ({
    page,
  }) => {
    // The person's link opens nothing at /report while the case is with the doctor.
    const { link } = await createInvitedReferral(page, { type: "pre_employment" });
    const token = /\/assessment\/([^/]+)/.exec(new URL(link).pathname)?.[1];
    const response = await page.goto(`/assessment/${token}/report`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link does not work");

    await signedInEmployer(page);
    await page.goto("/reports");
    await expect(page).toHaveURL(/\/employer-reports$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reports");
    await expect(page.getByText("View and download occupational health reports")).toBeVisible();
    await expect(page.getByRole("heading", { name: "All Reports" })).toBeVisible();
    await expect(page.getByText("No reports found")).toBeVisible();

    await page.getByRole("button", { name: "Pre-Employment" }).click();
    await expect(page).toHaveURL(/type=pre-employment/);
    await expect(page.getByRole("heading", { name: "Pre-Employment Reports" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pre-Employment" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByText("Try adjusting your search or filter criteria")).toBeVisible();
    await expect(page.getByRole("link", { name: "Generate New Report" })).toHaveAttribute(
      "href",
      "/pre-employment-referral",
    );

    await page.getByRole("button", { name: "Management" }).click();
    await expect(page.getByRole("heading", { name: "Management Referral Reports" })).toBeVisible();

    // A picked date applies at once, without pressing Search, and keeps the type.
    await page.getByRole("button", { name: /Date generated/ }).click();
    await page.getByRole("dialog").getByRole("gridcell").getByRole("button").first().click();
    await expect(page).toHaveURL(/[?&]date=\d{4}-\d{2}-\d{2}/);
    await expect(page).toHaveURL(/[?&]type=management/);
    await expect(page.getByText("Try adjusting your search or filter criteria")).toBeVisible();

    await page.getByLabel("Search").fill("REP-NOSUCH");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=REP-NOSUCH/);
    await page.getByRole("link", { name: "Clear" }).click();
    await expect(page).toHaveURL(/\/employer-reports$/);
    await expect(page.getByRole("heading", { name: "All Reports" })).toBeVisible();

    // A ?viewReport= link to a report that is not the organisation's: a toast, and the list's
    // address without the query.
    await page.goto("/employer-reports?viewReport=REP-ZZZZZZ&type=management");
    await expect(page.getByText("Report not found")).toBeVisible();
    await expect(page).toHaveURL(/\/employer-reports\?type=management$/);
    await expect(page.getByRole("heading", { name: "Management Referral Reports" })).toBeVisible();

    // A report id that is not the organisation's: not found.
    const missing = await page.request.get("/employer-report/REP-ZZZZZZ");
    expect(missing.status()).toBe(404);
    const pdf = await page.request.get("/employer-reports/REP-ZZZZZZ.pdf");
    expect(pdf.status()).toBe(404);
  });
});
