import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { signIn } from "../auth/helpers.ts";
import { createInvitedReferral } from "../support/assessment-link.ts";
import { payOnDemoPage, signedInEmployer, signedInMemberWithCredits } from "../support/employer.ts";
import { linkTo, waitForMessage } from "../support/outbox.ts";
import { expect, screenshotBothWidths, test } from "../support/test.ts";

/*
 * Every pound accounted for: a card-paid case that ends before a doctor starts is refunded with a
 * credit note, credits come back, and an unpaid checkout can be resumed.
 */

async function submitManagementReferral(page: Page, name: string, email: string) {
  await page.goto("/employer-referral?type=management");
  await page.getByLabel("Employee name").fill(name);
  await page.getByLabel("Employee email address").fill(email);
  await page.getByLabel("Reason for referral").fill("Recurring back pain affecting lifting duties");
  await page.getByLabel("Job details").fill("Warehouse team leader, 37.5 hours a week");
  await page
    .getByLabel("Is the employee fit for their current role, with or without adjustments?")
    .check();
  await page.getByLabel(/I confirm the employee has been told/).check();
  await page.getByRole("button", { name: /^Submit/ }).click();
}

function pdfText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-e2e-pdf-"));
  try {
    fs.writeFileSync(path.join(dir, "doc.pdf"), bytes);
    return execFileSync("pdftotext", ["-layout", path.join(dir, "doc.pdf"), "-"], {
      encoding: "utf8",
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function referenceOnReviewPage(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/review-referral\?referral=/);
  return (await page.locator("dt", { hasText: "Reference" }).locator("+ dd").textContent())!.trim();
}

test.describe("refunds, credit notes and unpaid referrals", () => {
  test.describe.configure({ timeout: 150_000 });

  test("pay per referral, then cancel: refunded to the card with a credit note, the order shows Refunded", async ({
    page,
  }) => {
    await signedInEmployer(page);
    await submitManagementReferral(page, "Casey Refund", "casey.refund@example.org");
    await payOnDemoPage(page);
    const reference = await referenceOnReviewPage(page);
    expect(reference).toMatch(/^REF-\d{6}$/);

    // A link by the public reference opens the drawer, and the query leaves the address.
    await page.goto(`/employer-referrals?viewReferral=${reference}`);
    const drawer = page.getByRole("dialog");
    await expect(
      drawer.getByRole("heading", { name: `Referral Details: ${reference}` }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/employer-referrals$/);

    // The dialog says exactly what comes back: the pounds, to the card, against the invoice.
    await drawer.getByRole("button", { name: "Cancel referral" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByTestId("cancel-returns")).toHaveText(
      /^£456\.00 is refunded to the card you paid with, and a credit note is issued against invoice INV-\d{6}\.$/,
    );
    await confirm.getByRole("button", { name: "Cancel referral" }).click();
    await expect(
      page.getByText(/Your card payment is being refunded; credit note CN-\d{6}/),
    ).toBeVisible();

    // The drawer of the cancelled case says what happened to the money.
    await page.goto(`/employer-referrals?viewReferral=${reference}`);
    await expect(page.getByTestId("drawer-state")).toContainText(
      /£456\.00 was refunded to your card \(credit note CN-\d{6}\)/,
    );
    await expect(
      page.getByRole("dialog").getByRole("button", { name: "Cancel referral" }),
    ).toHaveCount(0);

    // Billing history: the order is Refunded, with its invoice and its credit note.
    await page.goto("/employer-subscription");
    const row = page.getByRole("row").filter({ hasText: "Management referral" });
    await expect(row.getByTestId("order-status")).toHaveText("Refunded");
    const invoiceLink = row.getByRole("link", { name: /INV-\d{6}/ });
    const creditLink = row.getByRole("link", { name: /CN-\d{6}/ });
    const invoiceNumber = (await invoiceLink.textContent())!.match(/INV-\d{6}/)![0];
    const creditNumber = (await creditLink.textContent())!.match(/CN-\d{6}/)![0];

    const credit = await page.request.get((await creditLink.getAttribute("href"))!);
    expect(credit.status()).toBe(200);
    expect(credit.headers()["content-type"]).toBe("application/pdf");
    expect(credit.headers()["content-disposition"]).toBe(
      `attachment; filename="${creditNumber}.pdf"`,
    );
    const text = pdfText(await credit.body());
    expect(text).toContain("Credit note");
    expect(text).toContain(`Credits invoice ${invoiceNumber}`);
    expect(text).toMatch(/Total VAT at 20%\s+-£76\.00/);
    expect(text).toMatch(/Total credited \(GBP\)\s+-£456\.00/);

    const invoice = await page.request.get((await invoiceLink.getAttribute("href"))!);
    expect(invoice.status()).toBe(200);
  });

  test("an organisation with no address is asked for it at checkout; invoice and credit note print it and the reference", async ({
    page,
  }) => {
    await signedInEmployer(page, { address: null });
    await submitManagementReferral(page, "Robin Address", "robin.address@example.org");

    // Checkout stops to ask for the address a VAT invoice must name.
    await expect(page).toHaveURL(/\/billing-address\?order=/);
    await expect(page.getByRole("heading", { level: 1, name: "Billing address" })).toBeVisible();
    await expect(page.getByTestId("billing-address-order")).toContainText(
      /Management Referral \(Referral REF-\d{6}\)/,
    );
    const field = page.getByLabel("Billing address");
    await field.fill("7 Mill Yard");
    await page.getByRole("button", { name: "Save and continue to payment" }).click();
    await expect(
      page.getByText("Enter the whole address: the street, the town and the postcode").first(),
    ).toBeVisible();
    await screenshotBothWidths(page, "billing-address", { fullPage: true });
    await field.fill("7 Mill Yard\nBradford\nBD1 1AA");
    await page.getByRole("button", { name: "Save and continue to payment" }).click();
    await payOnDemoPage(page);
    const reference = await referenceOnReviewPage(page);

    // The subscription page shows the address, editable, and the line names the referral.
    await page.goto("/employer-subscription");
    await expect(page.getByRole("textbox", { name: "Billing address" })).toHaveValue(
      "7 Mill Yard\nBradford\nBD1 1AA",
    );
    const row = page.getByRole("row").filter({ hasText: `Referral ${reference}` });
    const invoiceLink = row.getByRole("link", { name: /INV-\d{6}/ });
    const invoice = pdfText(
      await (await page.request.get((await invoiceLink.getAttribute("href"))!)).body(),
    );
    for (const expected of ["7 Mill Yard", "Bradford", "BD1 1AA", `Referral ${reference}`])
      expect(invoice).toContain(expected);
    await screenshotBothWidths(page, "subscription", { fullPage: true });
    fs.writeFileSync(
      test.info().outputPath("invoice.pdf"),
      await (await page.request.get((await invoiceLink.getAttribute("href"))!)).body(),
    );

    // Cancelled before a doctor starts: the credit note names the same address and reference.
    await page.goto(`/employer-referrals?viewReferral=${reference}`);
    await page.getByRole("dialog").getByRole("button", { name: "Cancel referral" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel referral" }).click();
    await expect(page.getByText(/credit note CN-\d{6}/)).toBeVisible();
    await page.goto("/employer-subscription");
    const creditLink = page
      .getByRole("row")
      .filter({ hasText: `Referral ${reference}` })
      .getByRole("link", { name: /CN-\d{6}/ });
    const creditBytes = await (
      await page.request.get((await creditLink.getAttribute("href"))!)
    ).body();
    fs.writeFileSync(test.info().outputPath("credit-note.pdf"), creditBytes);
    const credit = pdfText(creditBytes);
    for (const expected of ["Credit note", "7 Mill Yard", "BD1 1AA", `Referral ${reference}`])
      expect(credit).toContain(expected);
  });

  test("abandon the checkout, then Pay now resumes the same order", async ({ page }) => {
    await signedInEmployer(page);
    await submitManagementReferral(page, "Pat Later", "pat.later@example.org");
    await expect(page).toHaveURL(/\/payment\?order=/);
    const orderId = new URL(page.url()).searchParams.get("order");

    // Left unpaid: Awaiting payment, and not an active assessment.
    await page.goto("/employer-referrals");
    const row = page.getByRole("row", { name: /Pat Later/ });
    await expect(row).toContainText("Awaiting payment");
    const reference = (await row.textContent())!.match(/REF-\d{6}/)![0];
    await page.goto("/employer-dashboard");
    await expect(page.getByTestId("active-assessments")).toHaveText("0");

    await page.goto(`/employer-referrals?viewReferral=${reference.toLowerCase()}`);
    const state = page.getByTestId("drawer-state");
    await expect(state.getByRole("heading", { name: "Awaiting payment" })).toBeVisible();
    await expect(state).toContainText("Pat Later has not been invited yet");
    await expect(
      page.getByRole("dialog").getByRole("button", { name: "Cancel referral" }),
    ).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Pay now" }).click();
    await expect(page).toHaveURL(new RegExp(`/payment\\?order=${orderId}`));
    await payOnDemoPage(page);
    expect(await referenceOnReviewPage(page)).toBe(reference);
    await waitForMessage("pat.later@example.org", "has asked you to complete a health assessment");
    await page.goto("/employer-referrals");
    await expect(page.getByRole("row", { name: /Pat Later/ })).toContainText("Employee invited");
  });

  test("an unknown reference shows a toast and leaves the address; a wrong one inside the area keeps the header", async ({
    page,
  }) => {
    await signedInEmployer(page);
    await page.goto("/employer-referrals?viewReferral=REF-999999");
    await expect(page.getByText("Referral not found")).toBeVisible();
    await expect(page).toHaveURL(/\/employer-referrals$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    const response = await page.goto("/employer-referral/REF-999999");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("area-not-found")).toBeVisible();
    await expect(page.getByRole("link", { name: "Referrals" }).first()).toBeVisible();
  });

  test("declining consent e-mails the employer and returns the credits", async ({
    page,
    browser,
  }) => {
    const employerEmail = await signedInMemberWithCredits(page);
    const subjectEmail = `decliner-${Date.now()}@example.org`;
    await submitManagementReferral(page, "Dana Decline", subjectEmail);
    await expect(page).toHaveURL(/\/employer-dashboard/);
    await expect(page.getByRole("link", { name: "6 credits" })).toBeVisible();

    const invitation = await waitForMessage(
      subjectEmail,
      "has asked you to complete a health assessment",
    );
    const subjectContext = await browser.newContext();
    const subject = await subjectContext.newPage();
    await subject.goto(linkTo(invitation, "/assessment/"));
    await subject.getByRole("link", { name: "I do not agree" }).click();
    await expect(subject.getByText("is not charged for it")).toBeVisible();
    await subject.getByRole("button", { name: "Yes, I do not want to take part" }).click();
    // The answer is in before the context closes: closing it first can cancel the form's post.
    await expect(subject.getByRole("heading", { level: 1 })).toHaveText(
      "You have chosen not to take part",
    );
    await subjectContext.close();

    const told = await waitForMessage(employerEmail, /could not go ahead/);
    const reference = told.subject.match(/REF-\d{6}/)![0];
    expect(told.text).not.toMatch(/declin|consent/i);

    // (Checked before the drawer opens: a modal hides the header from the accessibility tree.)
    await page.goto("/employer-dashboard");
    await expect(page.getByRole("link", { name: "10 credits" })).toBeVisible();
    await page.goto(`/employer-referrals?viewReferral=${reference}`);
    await expect(page.getByTestId("drawer-state")).toContainText(
      "The assessment could not go ahead. The 4 credits used were returned to your balance.",
    );
  });

  test("a pay-per-referral case declined is refunded, and the order shows it", async ({
    page,
    browser,
  }) => {
    const { link, employerEmail, reference } = await createInvitedReferral(page, {
      type: "management",
    });
    await page.goto(link);
    await page.getByRole("link", { name: "I do not agree" }).click();
    await page.getByRole("button", { name: "Yes, I do not want to take part" }).click();
    await waitForMessage(employerEmail, `Referral ${reference} could not go ahead`);

    const employerContext = await browser.newContext();
    const employer = await employerContext.newPage();
    await employer.goto("/login");
    await signIn(employer, employerEmail);
    await expect(employer).toHaveURL(/\/employer-dashboard/, { timeout: 20_000 });
    await employer.goto("/employer-subscription");
    const row = employer.getByRole("row").filter({ hasText: "Management referral" });
    await expect(row.getByTestId("order-status")).toHaveText("Refunded");
    await expect(row.getByRole("link", { name: /CN-\d{6}/ })).toBeVisible();
    await employer.goto(`/employer-referrals?viewReferral=${reference}`);
    await expect(employer.getByTestId("drawer-state")).toContainText(
      /£456\.00 was refunded to your card \(credit note CN-\d{6}\)/,
    );
    await employerContext.close();
  });
});
