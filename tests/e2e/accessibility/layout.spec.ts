import { administrationSections, signedInAdmin } from "../support/admin.ts";
import { menuSummary, phoneMenu } from "../support/menus.ts";
import { expect, test } from "../support/test.ts";
import { expectSoundLayout, expectVisibleFocus } from "./checks.ts";

/*
 * The page frame: the footer closes every page at the bottom of the window or below the content,
 * with nothing after it; the admin console has one navigation at every width.
 */

test.describe("footer", () => {
  // Taller than any of these pages' content.
  test.use({ viewport: { width: 1280, height: 1600 } });

  for (const path of ["/forgot-password", "/no-such-page", "/login"]) {
    test(`sits at the bottom of the window on a short page (${path})`, async ({ page }) => {
      await page.goto(path);
      const geometry = await page.evaluate(() => ({
        footerBottom: document.querySelector("footer")!.getBoundingClientRect().bottom,
        scrollHeight: document.documentElement.scrollHeight,
        innerHeight: window.innerHeight,
      }));
      expect(geometry.footerBottom).toBeCloseTo(geometry.innerHeight, 0);
      expect(geometry.scrollHeight).toBe(geometry.innerHeight);
      await expectSoundLayout(page, path);
    });
  }
});

test.describe("admin console", () => {
  test("has one navigation at 1280 px: the console's tabs, none in the header", async ({
    page,
  }) => {
    await signedInAdmin(page);
    await page.goto("/admin");
    await expect(page.getByRole("navigation")).toHaveCount(2); // Administration + Footer
    await expect(page.getByRole("navigation", { name: "Administration" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("navigation")).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("link", { name: "Doctors" })).toHaveCount(0);
  });

  test("has one navigation at 375 px: every section in the header's menu, none cut off", async ({
    page,
  }) => {
    await signedInAdmin(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Administration", level: 1 })).toBeVisible();
    // The tab bar gives way to the menu: the only navigation on the page is the footer's.
    await expect(page.getByRole("navigation", { name: "Administration" })).toBeHidden();
    await expectSoundLayout(page, "/admin at 375 px");
    await menuSummary(page, "Menu").focus();
    await page.keyboard.press("Enter");
    const menu = phoneMenu(page);
    await expect(menu).toBeVisible();
    // Measured once it has slid in.
    await menu.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    const sections = menu.getByRole("navigation", { name: "Administration" }).getByRole("link");
    await expect(sections).toHaveText([...administrationSections, "Account settings"]);
    // Each section is wholly inside the menu, none cut off at the screen's edge.
    for (const link of await sections.all()) {
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    await sections.getByText("Subject access").focus();
    await expectVisibleFocus(page, "Subject access");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/subject-access$/);
    await expect(menu).toBeHidden();
  });
});
