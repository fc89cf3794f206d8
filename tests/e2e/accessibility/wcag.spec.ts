import { expect, test, waitForHydration } from "../support/test.ts";
import { expectVisibleFocus, focusState, tabTo } from "./checks.ts";

/* WCAG 2.2 criteria that need a page driven by the keyboard rather than a scan. */

test("the savings slider takes arrow keys and a typed number (2.5.7 dragging movements)", async ({
  page,
}) => {
  await page.goto("/pricing");
  const roi = page.locator("#roi");
  await roi.getByRole("slider").focus();
  await expectVisibleFocus(page);
  await page.keyboard.press("ArrowRight");
  await expect(roi.getByTestId("roi-count")).toHaveText("4");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(roi.getByTestId("roi-count")).toHaveText("2");
  await expect(roi.getByRole("spinbutton", { name: "Cases per month, typed" })).toHaveValue("2");

  await page.keyboard.press("Tab");
  await expectVisibleFocus(page, "Cases per month, typed");
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("7");
  await expect(roi.getByTestId("roi-count")).toHaveText("7");
  await expect(roi.getByRole("slider")).toHaveValue("7");
  await expect(roi.getByTestId("roi-payg-total")).toHaveText("£2,660");
  // Out of range: the figures keep the last good number, and leaving the box shows it again.
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("0");
  await expect(roi.getByTestId("roi-count")).toHaveText("7");
  await page.keyboard.press("Shift+Tab");
  await expect(roi.getByRole("spinbutton", { name: "Cases per month, typed" })).toHaveValue("7");
});

test("focus is never hidden under the fixed header, going down or back up a long page (2.4.11)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto("/pricing");
  // Down through the whole page to the footer, each stop checked.
  await tabTo(page, "GDPR Compliance", { limit: 150 });
  // And back up with Shift+Tab to the header: every stop on the way is below the header.
  await tabTo(page, "ReferOH home", { back: true, limit: 150 });
  expect((await focusState(page))?.underHeader).toBe(0);
});

test("the skip link is the first stop and moves focus to the main content (2.4.1)", async ({
  page,
}) => {
  for (const path of ["/", "/pricing", "/login"]) {
    await page.goto(path);
    // Keys pressed while React is still hydrating the page race its first scroll (React Router's
    // scroll restoration, which then scrolls the page away from a focused control below the
    // fold): the criterion is the hydrated page's, so begin once its effects have run.
    await waitForHydration(page, "#main");
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await page.keyboard.press("Tab");
    await expectVisibleFocus(page, "Skip to main content");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
    await page.keyboard.press("Tab");
    const next = await expectVisibleFocus(page);
    expect(
      await page.evaluate(() => document.getElementById("main")!.contains(document.activeElement)),
      `the stop after the skip link on ${path} (${next.name}) is in main`,
    ).toBe(true);
  }
});
