import { randomUUID } from "node:crypto";
import { fillPreEmploymentReferral, signedInMemberWithCredits } from "../support/employer.ts";
import { linkTo, waitForMessage } from "../support/outbox.ts";
import { expect, test } from "../support/test.ts";

test("a pre-employment referral paid by credit: invitation e-mailed, one reminder a day, cancel returns the credit", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedInMemberWithCredits(page);

  const candidate = `candidate-${randomUUID().slice(0, 8)}@example.org`;
  await fillPreEmploymentReferral(page, {
    name: "Morgan Reid",
    email: candidate,
    jobRole: "Warehouse Operative",
  });
  // The balance allows it: the server spends a credit instead of sending the employer to pay.
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page).toHaveURL(/\/employer-dashboard/);
  const credits = page.getByRole("region", { name: "Summary" }).getByText("Available Credits");
  await expect(credits.locator("+ p")).toHaveText("9");
  await expect(page.getByRole("link", { name: "9 credits" })).toBeVisible();

  const invitation = await waitForMessage(
    candidate,
    "has asked you to complete a health assessment",
  );
  const link = linkTo(invitation, "/assessment/");
  expect(invitation.text).toMatch(/Your link works until/);

  await page.goto("/employer-referrals");
  const row = page.getByRole("row", { name: /Morgan Reid/ });
  await expect(row).toContainText("Employee invited");
  await row.getByRole("link", { name: /^View OCC-[A-Z0-9]{5}$/ }).click();
  const drawer = page.getByRole("dialog");
  await drawer.getByRole("button", { name: "Send Reminder" }).click();
  await expect(
    page.getByText("Reminder email sent to Morgan Reid with assessment code and link"),
  ).toBeVisible();
  await waitForMessage(candidate, "Reminder: your health assessment");

  // A second reminder within 24 hours is refused by the server, not only by the disabled button:
  // "too soon", which the error map answers 429 (app/domain/kernel/errors.ts).
  const remindAction = await page.locator(`form[action$="/remind"]`).getAttribute("action");
  const organisationField = page.locator(`form[action$="/remind"] input[name="_organisation"]`);
  const again = await page.request.post(remindAction!, {
    form: { _organisation: (await organisationField.getAttribute("value"))! },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(again.status()).toBe(429);
  expect(await again.json()).toMatchObject({ ok: false });

  // Cancel: the credit comes back and the link stops working.
  await drawer.getByRole("button", { name: "Cancel referral" }).click();
  await Promise.all([
    page.waitForResponse((r) => r.url().includes("/cancel") && r.request().method() === "POST"),
    page.getByRole("alertdialog").getByRole("button", { name: "Cancel referral" }).click(),
  ]);
  await page.goto("/employer-dashboard");
  await expect(credits.locator("+ p")).toHaveText("10");
  await expect(page.getByRole("link", { name: "10 credits" })).toBeVisible();
  await page.goto("/employer-referrals");
  await expect(page.getByRole("row", { name: /Morgan Reid/ })).toContainText("Cancelled");
  const subject = await page.context().browser()!.newPage();
  const opened = await subject.goto(link);
  expect(opened?.status()).toBe(410);
  await subject.close();
});
