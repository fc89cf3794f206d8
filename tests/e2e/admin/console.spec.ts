import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { registerVerifiedEmployer } from "../auth/helpers.ts";
import { administrationSections, signedInAdmin } from "../support/admin.ts";
import { expect, test, waitForHydration } from "../support/test.ts";

test("an administrator works through every admin page: credits, inbox, insight, audit export, access review", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const marker = randomUUID().slice(0, 8);
  const company = `Admin Console Test ${marker} Ltd`;

  // What the administrator will act on: an organisation and a contact message.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await registerVerifiedEmployer(visitor, undefined, company);
  await visitor.goto("/contact");
  await waitForHydration(visitor, "form#contact-form");
  await visitor.getByRole("textbox", { name: "Name" }).fill(`Casey ${marker}`);
  await visitor.getByRole("textbox", { name: "Email" }).fill("casey@example.org");
  await visitor.getByRole("textbox", { name: "Message" }).fill(`Please call me back ${marker}`);
  await visitor.getByRole("button", { name: "Send message" }).click();
  await expect(visitor.locator("[data-sonner-toast]")).toContainText("Message sent successfully");
  await visitorContext.close();

  const adminEmail = await signedInAdmin(page);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Administration", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cases by status" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Administration" });
  await expect(nav.getByRole("link")).toHaveText(administrationSections);
  await page.screenshot({ path: testInfo.outputPath("overview.png"), fullPage: true });

  await nav.getByRole("link", { name: "Doctors" }).click();
  await expect(page.getByRole("heading", { name: "Doctors", level: 1 })).toBeVisible();

  // Organisations: find the new company, add credits, then remove some after confirming.
  await nav.getByRole("link", { name: "Organisations" }).click();
  await page.getByLabel("Search by name").fill(marker);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: company }).click();
  await expect(page.getByRole("heading", { name: company })).toBeVisible();
  await expect(page.getByTestId("credit-balance")).toHaveText("0");
  await page.getByRole("textbox", { name: "Credits" }).fill("5");
  await page
    .getByRole("textbox", { name: "Reason" })
    .fill("Goodwill credits after a delayed report");
  await page.getByRole("button", { name: "Adjust credits" }).click();
  await expect(page.getByTestId("credit-balance")).toHaveText("5");
  await page.getByRole("textbox", { name: "Credits" }).fill("-2");
  await page.getByRole("textbox", { name: "Reason" }).fill("Correcting a duplicate grant");
  await page.getByRole("button", { name: "Adjust credits" }).click();
  await expect(page.getByText(`Remove 2 credits from ${company}?`)).toBeVisible();
  await expect(page.getByTestId("credit-balance")).toHaveText("5");
  await page.screenshot({ path: testInfo.outputPath("organisation-confirm.png"), fullPage: true });
  await page.getByRole("button", { name: "Yes, remove 2 credits" }).click();
  await expect(page.getByTestId("credit-balance")).toHaveText("3");
  await expect(page.getByText("Correcting a duplicate grant")).toBeVisible();

  // Cases: filtered to the organisation (which has none yet).
  await nav.getByRole("link", { name: "Cases" }).click();
  // A select applies as soon as it is chosen (the button is there for browsers without JavaScript).
  await page.getByLabel("Organisation").selectOption({ label: company });
  await expect(page).toHaveURL(/[?&]organisation=[0-9a-f-]{36}/);
  await expect(page.getByText("No cases match these filters.")).toBeVisible();

  // Inbox: the message, marked handled, leaves the open list.
  await nav.getByRole("link", { name: "Inbox" }).click();
  const message = page.getByRole("listitem").filter({ hasText: `Please call me back ${marker}` });
  await expect(message).toBeVisible();
  await message.getByRole("button", { name: /as handled/ }).click();
  await expect(message).toHaveCount(0);
  await page.getByRole("link", { name: "Handled", exact: true }).click();
  await expect(
    page.getByRole("listitem").filter({ hasText: `Please call me back ${marker}` }),
  ).toContainText("Handled");

  // Insight: the clinical lead's charts, and an audit sample drawn for peer review as a download.
  await nav.getByRole("link", { name: "Insight" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Clinical insight" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Turnaround by doctor" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Release-check refusals by kind" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("insight.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath("insight-mobile.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  const drawing = page.waitForEvent("download");
  await page.getByRole("button", { name: "Draw and download" }).click();
  const sample = await drawing;
  expect(sample.suggestedFilename()).toMatch(/^audit-sample-\d{4}-Q[1-4]\.csv$/);
  const sampleLines = fs.readFileSync((await sample.path())!, "utf8").split("\r\n");
  expect(sampleLines[1]).toBe("Doctor,GMC number,Report,Referral,Type,Released,Version released");

  // Audit log: filtered to this organisation, then downloaded as CSV.
  await nav.getByRole("link", { name: "Audit log" }).click();
  await page.getByLabel("Organisation").selectOption({ label: company });
  await expect(page).toHaveURL(/[?&]organisation=[0-9a-f-]{36}/);
  await page.getByLabel(/^Action/).fill("admin.credits");
  await page.getByRole("button", { name: "Filter the log" }).click();
  // Two credit events match with or without the filter: wait for the filtered page itself.
  await expect(page).toHaveURL(/[?&]action=admin\.credits/);
  await expect(page.getByRole("cell", { name: "admin.credits_adjusted" })).toHaveCount(2);
  await page.screenshot({ path: testInfo.outputPath("audit.png"), fullPage: true });
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-log-.*\.csv$/);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  const lines = csv.trim().split("\r\n");
  expect(lines[0]).toMatch(/^id,occurred_at_utc,actor_id,/);
  expect(lines).toHaveLength(3);
  expect(csv).toContain("Correcting a duplicate grant");

  // Access review: the administrator, just signed in, is not flagged.
  await nav.getByRole("link", { name: "Access review" }).click();
  await expect(page).toHaveURL(/\/admin\/access-review/);
  // The URL changes before React commits the new page, and the audit page's
  // rows also name the administrator; wait for the review page itself.
  await expect(
    page.getByRole("heading", { level: 1, name: "Privileged-access review" }),
  ).toBeVisible();
  const me = page.getByRole("row").filter({ hasText: adminEmail });
  await expect(me).toContainText("Administrator");
  await expect(me).toContainText("Active");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath("access-review-mobile.png"), fullPage: true });
});
