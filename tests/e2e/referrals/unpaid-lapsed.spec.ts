import { systemScope } from "../../../app/domain/kernel/scope.ts";
import { expireUnpaidReferrals } from "../../../app/domain/referrals/expire-unpaid-referrals.server.ts";
import { saveManagementReferral } from "../../../app/domain/referrals/save-management-referral.server.ts";
import { testAdapters } from "../../support/adapters.ts";
import { managementReferralInput } from "../../support/referrals.ts";
import { signInByRequest, uniqueEmail } from "../auth/helpers.ts";
import { employerServerForFile } from "../support/employer-server.ts";
import { expect, screenshotBothWidths, test } from "../support/test.ts";

/*
 * A referral whose checkout lapsed unpaid (docs/decisions/0012-refunds-and-credit-notes.md):
 * nobody was invited and nothing was charged, so it reads "Payment not completed" in the list,
 * the filter and the badge, never "Invitation expired", and its drawer offers no Cancel. The
 * checkout is left 8 days by running the expiry job's domain function with its clock moved, on a
 * server of this spec's own (the shared server's database cannot be opened while it runs).
 */

const port = Number(process.env.UNPAID_E2E_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 181);
const origin = `http://localhost:${port}`;
const email = uniqueEmail("unpaid");

let reference = "";

employerServerForFile(
  {
    name: "unpaid",
    port,
    employer: { email, name: "Uma Unpaid" },
    organisation: { name: "Unpaid Joinery Ltd", address: "3 Wharf Road\nHull\nHU1 1AA" },
    role: "owner",
  },
  async (employer) => {
    const placedAt = new Date(Date.now() - 8 * 86_400_000);
    const { referral: placed, placement } = await saveManagementReferral(employer.scope(placedAt), {
      intent: "submit",
      provider: "demo",
      input: managementReferralInput({ employeeName: "Lee Lapsed" }),
    });
    if (placement?.method !== "order") throw new Error("expected a pay-per-referral order");
    const expired = await expireUnpaidReferrals(systemScope(employer.db, "test", testAdapters()));
    expect(expired.map((e) => e.referralId)).toContain(placed.id);
    reference = placed.reference;
  },
);

test("a referral whose payment lapsed reads Payment not completed, and its drawer has no Cancel", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await signInByRequest(page, email, { origin });

  await page.goto("/employer-referrals");
  const row = page.getByRole("row", { name: new RegExp(reference) });
  await expect(row).toContainText("Payment not completed");
  await expect(row).not.toContainText("Invitation expired");

  // The filter names the state the same way, and finds it.
  const status = page.getByLabel("Status");
  await expect(status.getByRole("option", { name: "Payment not completed" })).toHaveCount(1);
  await page.goto("/employer-referrals?status=payment_expired");
  await expect(page.getByRole("row", { name: new RegExp(reference) })).toBeVisible();
  await page.goto("/employer-referrals?status=expired");
  await expect(page.getByRole("row", { name: new RegExp(reference) })).toHaveCount(0);

  // The drawer: the badge and heading say so, it opens on its heading, and there is no Cancel.
  await page.goto(`/employer-referrals?viewReferral=${reference}`);
  const drawer = page.getByRole("dialog");
  await expect(
    drawer.getByRole("heading", { name: `Referral Details: ${reference}` }),
  ).toBeFocused();
  await expect(drawer.getByRole("heading", { name: "Payment not completed" })).toBeVisible();
  await expect(drawer).toContainText("Nothing was charged");
  await expect(drawer.getByRole("button", { name: "Cancel referral" })).toHaveCount(0);
  await screenshotBothWidths(page, "unpaid-lapsed-drawer");
  await context.close();
});
