import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";

/** Pages already scanned by this worker: each distinct path is checked once per run. */
const scanned = new Set<string>();

/**
 * Serious and critical axe-core findings on the page as it is now, one line each; only inside
 * `within` (a CSS selector) when given.
 */
export async function seriousA11yViolations(page: Page, within?: string): Promise<string[]> {
  // A toast fading in is half transparent, and axe would measure the contrast of that frame:
  // let running transitions and animations finish first (infinite ones, a spinner, never do).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => {});
  const builder = new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    // Only violations are read: axe then stops collecting every passing node, which is most of
    // its time on a long page.
    .options({ resultTypes: ["violations"] });
  const results = await (within ? builder.include(within) : builder).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  return serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
}

export async function expectNoSeriousA11yViolations(page: Page, label = page.url()) {
  expect(await seriousA11yViolations(page), `accessibility violations on ${label}`).toEqual([]);
}

/**
 * Every test records the HTML pages its browser visited; afterwards each one not yet checked is
 * opened again in the same context (same cookies) and scanned with axe-core.
 */
export const test = base.extend<{ a11yScan: undefined }>({
  a11yScan: [
    async ({ page, context }, use, testInfo) => {
      const visited = new Set<string>();
      page.on("response", (response) => {
        const request = response.request();
        const status = response.status();
        if (request.resourceType() !== "document" || request.frame() !== page.mainFrame()) return;
        if (!(response.headers()["content-type"] ?? "").includes("text/html")) return;
        if (status !== 200 && status !== 404) return;
        const url = new URL(response.url());
        visited.add(url.origin + url.pathname);
      });
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus) return;
      for (const url of visited) {
        const key = new URL(url).pathname;
        if (scanned.has(key)) continue;
        scanned.add(key);
        const scanPage = await context.newPage();
        // Toasts then appear without their fade (sonner honours the setting), so none is caught
        // half transparent.
        await scanPage.emulateMedia({ reducedMotion: "reduce" });
        try {
          await scanPage.goto(url);
          await expectNoSeriousA11yViolations(scanPage, key);
        } finally {
          await scanPage.close();
        }
      }
    },
    { auto: true },
  ],
});

/** Each link named (exactly) in `links`, inside `scope`, points where its value says. */
export async function expectLinksTo(scope: Page | Locator, links: Record<string, string>) {
  for (const [name, href] of Object.entries(links))
    await expect(scope.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
}

/**
 * Waits until React has hydrated `selector` (it marks the nodes it owns). Before that a click
 * submits the plain HTML form, so a test of what JavaScript adds (an in-flight label, a toast)
 * would see the no-JavaScript page instead on a loaded machine.
 */
export async function waitForHydration(page: Page, selector: string) {
  await page.waitForFunction(
    (target) =>
      Object.keys(document.querySelector(target) ?? {}).some((key) =>
        key.startsWith("__reactProps"),
      ),
    selector,
  );
}

export { expect };
