import { expect, type Page, test } from "@playwright/test";
import { menuSummary, phoneMenu } from "../support/menus.ts";

/*
 * No click is lost (docs/decisions/0014): on a phone-class CPU (4× throttling through CDP), a
 * click made as soon as the page has painted acts, whether React has the page yet or not: the
 * menu is a <details>, a tab a link to the server's state, the quiz a GET form. Playwright's own
 * test, not the project's, whose navigations wait for React: these click before it.
 */

/**
 * Opens `path` at 4× CPU and returns as soon as the browser reports its first paint, saying
 * whether React had taken the page by then (hydrateRoot marks the document).
 */
async function openAtFirstPaint(page: Page, path: string): Promise<boolean> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto(path, { waitUntil: "commit" });
  await page.waitForFunction(() => performance.getEntriesByName("first-paint").length > 0, null, {
    polling: "raf",
  });
  return page.evaluate(() =>
    Object.keys(document).some((key) => key.startsWith("__reactContainer")),
  );
}

/** Notes on the test whether the click met the server's HTML or the hydrated page. */
function note(what: string, hydrated: boolean) {
  test.info().annotations.push({
    type: "early click",
    description: `${what}: ${hydrated ? "React had the page" : "before hydration"}`,
  });
}

test.describe("a click at first paint, at 4× CPU", () => {
  test("opens the phone menu", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    note("menu", await openAtFirstPaint(page, "/"));
    await menuSummary(page, "Menu").click();
    await expect(phoneMenu(page)).toBeVisible();
    await expect(phoneMenu(page).getByRole("link", { name: "Pricing" })).toBeVisible();
  });

  test("opens a tab on the home page", async ({ page }) => {
    note("tab", await openAtFirstPaint(page, "/"));
    await page.getByRole("tab", { name: "Management Referrals" }).click();
    await expect(page.getByRole("tab", { name: "Management Referrals" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByText("Make the referral")).toBeVisible();
  });

  test("answers the pricing quiz's first question", async ({ page }) => {
    note("quiz", await openAtFirstPaint(page, "/pricing"));
    const quiz = page.locator("#quiz");
    await quiz.getByRole("button", { name: "51–250 employees" }).click();
    await expect(quiz.getByTestId("quiz-counter")).toHaveText("2 of 4");
    await quiz.getByRole("button", { name: "6–20 a year" }).click();
    await expect(quiz.getByTestId("quiz-counter")).toHaveText("3 of 4");
  });
});
