import { activeOrganisationId, payOnDemoPage, signedInEmployer } from "../support/employer.ts";
import { expect, test } from "../support/test.ts";

test.describe("billing", () => {
  test.describe.configure({ timeout: 120_000 });

  test("membership and the Value pack through demo: badge, subscription page, annual switch, cancel", async ({
    page,
    browser,
  }) => {
    await signedInEmployer(page);

    // Choose Your Plan: Continue waits for a card; a pack alone needs a membership first.
    await page.goto("/package-selection?tab=membership");
    const continueButton = page.getByRole("button", { name: "Continue" });
    await expect(continueButton).toBeDisabled();
    await page.getByRole("radio", { name: /Monthly membership/ }).check();
    await expect(continueButton).toBeEnabled();
    await page.getByRole("link", { name: "Credit Packs" }).click();
    await expect(page).toHaveURL(/tab=packs/);
    await expect(continueButton).toBeDisabled();
    await expect(page.getByText("Credit packs need an active membership")).toBeVisible();
    await page.getByRole("link", { name: "Membership", exact: true }).click();
    await page.getByRole("radio", { name: /Monthly membership/ }).check();
    await continueButton.click();

    // The demo page shows the order as the server priced it: £125 + VAT.
    await expect(page).toHaveURL(/\/payment\?order=/);
    await expect(page.getByTestId("plan-summary")).toHaveText("Monthly membership");
    await expect(page.getByTestId("order-total")).toHaveText("£150");
    await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
    await payOnDemoPage(page);

    // The page takes its notice out of the address (a replace navigation) once hydrated; a click
    // before that navigation ends would be cut short by it, so wait for the plain address.
    await expect(page).toHaveURL(/\/employer-subscription$/);
    await expect(page.getByTestId("membership-status")).toHaveText("Active");
    await expect(page.getByRole("link", { name: "0 credits" })).toBeVisible();

    // Additional credits: the Credit Pack + Membership tab is disabled for them.
    await page.getByRole("button", { name: "Purchase Now: Value, 20 credits" }).click();
    await expect(page).toHaveURL(/\/payment\?order=/);
    await expect(page.getByText("Credit Pack + Membership")).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await expect(page.getByTestId("order-total")).toHaveText("£2,040");
    await payOnDemoPage(page);

    await expect(page).toHaveURL(/\/employer-subscription/);
    await expect(page.getByRole("link", { name: "20 credits" })).toBeVisible();
    await expect(page.getByTestId("credits-remaining")).toHaveText("20");
    await expect(page.getByTestId("credits-used")).toHaveText("0 of 20");
    const invoiceLinks = page.getByRole("link", { name: /INV-\d{6}/ });
    await expect(invoiceLinks).toHaveCount(2);

    // The invoice downloads as a PDF for this company.
    const invoiceHref = (await invoiceLinks.first().getAttribute("href"))!;
    const own = await page.request.get(invoiceHref);
    expect(own.status()).toBe(200);
    expect(own.headers()["content-type"]).toBe("application/pdf");
    expect(own.headers()["content-disposition"]).toMatch(/attachment; filename="INV-\d{6}\.pdf"/);

    // Switch to annual: pending until the end of the month paid for.
    await page.getByRole("button", { name: /Annual/ }).click();
    await expect(page.getByTestId("membership-status")).toHaveText("Pending Change");
    await expect(page.getByText(/switches to annual billing/)).toBeVisible();

    // Cancel, after the confirmation dialog: access is kept to the period end.
    await page.getByRole("link", { name: "Cancel Membership" }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await page.getByRole("button", { name: "Yes, cancel membership" }).click();
    await expect(page.getByTestId("membership-status")).toHaveText("Cancelled");
    await expect(page.getByTestId("access-until")).toContainText("it will not renew");
    await expect(page.getByRole("link", { name: "Cancel Membership" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "20 credits" })).toBeVisible();

    // Another company's member cannot download this company's invoice.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signedInEmployer(otherPage);
    const foreign = await otherPage.request.get(invoiceHref);
    expect(foreign.status()).toBe(404);
    // Nor see or pay this company's order.
    await other.close();
  });

  test("Continue without a plan is refused by the server", async ({ page }) => {
    await signedInEmployer(page);
    await page.goto("/package-selection?tab=packs");
    // The server decides even when the browser sends nothing (as without JavaScript).
    const response = await page.request.post("/package-selection?tab=packs", {
      // Only the organisation the page was for, as its form always posts.
      form: { _organisation: await activeOrganisationId(page) },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(response.status()).toBe(400);
    // One purchase path: a non-member's pack comes with a monthly membership, priced as the
    // payment page's bundle (Value £1,700 + membership £125, plus VAT).
    await page.getByRole("radio", { name: /Value/ }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/payment\?order=.*tab=bundle/);
    await expect(page.getByTestId("order-total")).toHaveText("£2,190");
    await expect(page.getByRole("radio", { name: /Value: 20 credits/ })).toBeChecked();

    // A plain membership cannot be paid from the Credit Pack + Membership tab: the tab says a
    // pack comes with the membership and shows no price or Pay until a pack is chosen.
    await page.goto("/package-selection?tab=membership");
    await page.getByRole("radio", { name: /Monthly membership/ }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("link", { name: "Credit Pack + Membership" }).click();
    await expect(page.getByTestId("bundle-explained")).toContainText(
      "Credit packs are for members, so a pack comes with a membership.",
    );
    await expect(page.getByRole("button", { name: /^Pay £/ })).toHaveCount(0);
    await expect(page.getByTestId("order-total")).toHaveCount(0);
    // The server refuses a payment sent from that tab without a pack all the same.
    const orderId = new URL(page.url()).searchParams.get("order")!;
    const refused = await page.request.post(`/payment?order=${orderId}&tab=bundle`, {
      form: {
        _organisation: await activeOrganisationId(page),
        order: orderId,
        tab: "bundle",
        intent: "pay",
      },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Please select a subscription plan to continue");

    await page.goto("/employer-subscription");
    await expect(page.getByRole("heading", { name: "You do not have a membership" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Choose a plan" })).toHaveAttribute(
      "href",
      "/package-selection",
    );
  });
});
