import { payOnDemoPage, signedInMemberWithCredits } from "../support/employer.ts";
import { expect, test } from "../support/test.ts";

test("a cancelled membership keeps its rights: withdraw a change, cancel, still buy a pack, resume", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signedInMemberWithCredits(page);
  await page.goto("/employer-subscription");
  const status = page.getByTestId("membership-status");
  await expect(status).toHaveText("Active");

  // A pending interval change can be withdrawn.
  await page.getByRole("button", { name: /Annual/ }).click();
  await expect(status).toHaveText("Pending Change");
  await page.getByRole("button", { name: "Keep monthly billing" }).click();
  await expect(status).toHaveText("Active");
  await expect(page.getByText(/switches to annual billing/)).toHaveCount(0);

  await page.getByRole("link", { name: "Cancel Membership" }).click();
  await page.getByRole("button", { name: "Yes, cancel membership" }).click();
  await expect(status).toHaveText("Cancelled");

  // Until the period ends, packs can still be bought.
  await page.getByRole("button", { name: "Purchase Now: Value, 20 credits" }).click();
  await payOnDemoPage(page);
  await expect(page).toHaveURL(/\/employer-subscription/);
  await expect(page.getByTestId("credits-remaining")).toHaveText("30");
  await expect(status).toHaveText("Cancelled");

  // Resume undoes the cancellation.
  await page.getByRole("button", { name: "Resume membership" }).click();
  await expect(status).toHaveText("Active");
  await expect(page.getByTestId("next-payment")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cancel Membership" })).toBeVisible();
});
