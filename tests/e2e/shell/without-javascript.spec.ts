import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { areaNavItems, publicNavItems } from "../../../app/components/site-navigation.ts";
import { signedInEmployer } from "../support/employer.ts";
import { accountMenu, menuSummary, phoneMenu } from "../support/menus.ts";
import { expect, hydratingTest, test } from "../support/test.ts";

/*
 * The site's shell and the public pages' controls before and without JavaScript
 * (docs/decisions/0014): the menus are <details>, Sign out is a form, the tabs are links to the
 * server's state, and the pricing page's quiz and calculators are GET forms the server answers.
 */
const screenshots = path.join(".reports", "screenshots");

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshots, `${name}.png`) });
}

async function signedIn(page: Page) {
  return signedInEmployer(page);
}

async function expectSignedOut(page: Page, signOut: Locator) {
  await signOut.click();
  await expect(page).toHaveURL(/\/login\?notice=signed-out/);
  await page.goto("/employer-dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo/);
}

// No automatic accessibility scan here: axe runs in the page, which has no JavaScript.
const withoutScripts = hydratingTest;

withoutScripts.describe("without JavaScript", () => {
  withoutScripts.use({ javaScriptEnabled: false });

  withoutScripts("the phone menu opens and leads to every public page", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    const menu = phoneMenu(page);
    await expect(menu).toBeHidden();
    await menuSummary(page, "Menu").click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link")).toHaveText([
      ...publicNavItems.map((i) => i.label),
      "Sign In",
      "Medical Professional Login",
    ]);
    await shoot(page, "no-js-public-menu-375");
    await menu.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Clear prices/);
  });

  withoutScripts(
    "the account menu has the account's pages and signs out, at 1280 px",
    async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await signedIn(page);
      const menu = accountMenu(page);
      await expect(menu).toBeHidden();
      await menuSummary(page, "My Account").click();
      await expect(menu).toBeVisible();
      await expect(menu.getByRole("link", { name: "Account settings" })).toHaveAttribute(
        "href",
        "/account",
      );
      await expect(menu.getByRole("link", { name: "Subscription" })).toHaveAttribute(
        "href",
        "/employer-subscription",
      );
      await shoot(page, "no-js-account-menu-1280");
      await expectSignedOut(page, menu.getByRole("button", { name: "Sign out" }));
    },
  );

  withoutScripts(
    "the phone menu has the area's navigation and signs out, at 375 px",
    async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await signedIn(page);
      const menu = phoneMenu(page);
      await menuSummary(page, "Menu").click();
      await expect(menu).toBeVisible();
      for (const item of areaNavItems.employer)
        await expect(menu.getByRole("link", { name: item.label, exact: true })).toHaveAttribute(
          "href",
          item.to,
        );
      await shoot(page, "no-js-area-menu-375");
      await menu.getByRole("link", { name: "Referrals", exact: true }).click();
      await expect(page).toHaveURL(/\/employer-referrals$/);
      await menuSummary(page, "Menu").click();
      await expectSignedOut(page, menu.getByRole("button", { name: "Sign out" }));
    },
  );

  withoutScripts(
    "the tabs on /, /how-it-works and /pricing are links to the server's state",
    async ({ page }) => {
      for (const [address, tab, shows] of [
        ["/", "Management Referrals", "Make the referral"],
        ["/how-it-works", "Management Referrals", "Management referral"],
        ["/pricing", "Pay Per Referral", "Video consultation included when the doctor needs one"],
      ] as const) {
        await page.goto(address);
        const link = page.getByRole("tab", { name: tab });
        await expect(link).toHaveAttribute("aria-selected", "false");
        await link.click();
        await expect(page).toHaveURL(/\?(service|pay)=[\w-]+#/);
        await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
        await expect(
          page.getByRole("tabpanel").getByText(shows, { exact: false }).first(),
          `${address}: the ${tab} panel is open`,
        ).toBeVisible();
      }
    },
  );

  withoutScripts(
    "the plan quiz is a form the server answers, one question at a time",
    async ({ page }) => {
      await page.goto("/pricing");
      const quiz = page.locator("#quiz");
      await quiz.getByRole("button", { name: "1–50 employees" }).click();
      await expect(quiz.getByTestId("quiz-counter")).toHaveText("2 of 4");
      await quiz.getByRole("button", { name: "6–20 a year" }).click();
      await expect(quiz.getByTestId("quiz-counter")).toHaveText("3 of 4");
      // Previous goes back with the answers kept.
      await quiz.getByRole("button", { name: "Previous" }).click();
      await expect(quiz.getByTestId("quiz-counter")).toHaveText("2 of 4");
      await expect(quiz.getByRole("button", { name: "6–20 a year" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await quiz.getByRole("button", { name: "Next" }).click();
      await quiz.getByRole("button", { name: "3–10 a year" }).click();
      await quiz.getByRole("button", { name: "Somewhat important" }).click();
      await expect(quiz.getByText("Your Recommended Plan")).toBeVisible();
      await expect(quiz.getByRole("heading", { level: 3 })).toHaveText(
        "Membership + Starter credit pack",
      );
      await quiz.getByRole("link", { name: "Retake Quiz" }).click();
      await expect(quiz.getByTestId("quiz-counter")).toHaveText("1 of 4");
    },
  );

  withoutScripts(
    "the savings calculator and the billing period are forms the server answers",
    async ({ page }) => {
      await page.goto("/pricing");
      const roi = page.locator("#roi");
      await roi.getByRole("spinbutton", { name: "Cases per month, typed" }).fill("4");
      await roi.getByRole("button", { name: "Work out the figures" }).click();
      await expect(page).toHaveURL(/cases=4/);
      await expect(roi.getByTestId("roi-count")).toHaveText("4");
      await expect(roi.getByTestId("roi-payg-total")).toHaveText("£1,520");
      await expect(roi.getByTestId("roi-member-total")).toHaveText("£1,485");
      await roi.getByRole("button", { name: "Pre-employment checks" }).click();
      await expect(roi.getByRole("button", { name: "Pre-employment checks" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(roi.getByTestId("roi-count")).toHaveText("4");
      await expect(roi.getByTestId("roi-payg-total")).toHaveText("£380");

      const pricing = page.locator("#pricing");
      await pricing.getByRole("button", { name: "Annual" }).click();
      await expect(pricing.getByTestId("membership-price")).toHaveText("£1,350");
    },
  );
});

test.describe("with JavaScript", () => {
  test("the menus open in place, and Escape closes them with focus back on their button", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signedIn(page);
    const account = menuSummary(page, "My Account");
    const menu = accountMenu(page);
    await account.click();
    await expect(menu).toBeVisible();
    await shoot(page, "js-account-menu-1280");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(account).toBeFocused();
    // A click elsewhere closes it too.
    await account.click();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(menu).toBeHidden();

    await page.setViewportSize({ width: 375, height: 740 });
    const mobile = phoneMenu(page);
    await menuSummary(page, "Menu").click();
    await expect(mobile).toBeVisible();
    await mobile.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    await shoot(page, "js-area-menu-375");
    await mobile.getByRole("link", { name: "Reports", exact: true }).click();
    await expect(page).toHaveURL(/\/employer-reports$/);
    await expect(mobile).toBeHidden();
  });
});
