import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Locator,
  type Page,
  test as playwrightTest,
} from "@playwright/test";
import { type SignedInDoctor, seededDoctor, seededEmployer } from "./seeded-accounts.ts";
import type { SeededEmployer } from "./seeded-accounts-file.ts";

/**
 * A path's identity for the automatic scan: segments that are ids, references or link tokens
 * (eight or more letters with a digit among them) read as `:id`, so the same page of another case
 * is not scanned again. Route names have no digits, and named steps (`phq9.9`) stay, as each is a
 * different form.
 */
function scanKey(pathname: string) {
  return pathname
    .split("/")
    .map((segment) => (/^[\w-]{8,}$/.test(segment) && /\d/.test(segment) ? ":id" : segment))
    .join("/");
}

/**
 * Claims `key` for this run, across workers: true for the first caller only. The claims live in
 * the run's directory (playwright.config.ts hands E2E_RUN_DIR to every worker), so each page is
 * scanned once per run rather than once per worker.
 */
function claimScan(key: string) {
  const dir = path.join(process.env.E2E_RUN_DIR!, "a11y-scanned");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, createHash("sha256").update(key).digest("hex").slice(0, 32));
  try {
    fs.writeFileSync(file, key, { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

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
    .options({ resultTypes: ["violations"] })
    // axe.run in the page itself. The default runs each frame's part and then finishes the run
    // in a blank page it opens for every scan: that page cost most of the scan's time, and these
    // pages embed no frame from another origin, which is all it is for.
    .setLegacyMode(true);
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
 * Waits until React has taken the page: `hydrateRoot` has been called on it. The product asks
 * for its JavaScript only after the first paint (components/hydration-scripts.tsx), so when
 * `load` fires React is not there yet, and a click then is the plain HTML one (a tab that does
 * not switch, a form posted without JavaScript). Once React has the page, a click or key on a
 * part not yet hydrated makes React finish hydrating it first and then handle the event. A page
 * without React Router's scripts (a PDF, JavaScript turned off) has nothing to wait for.
 */
async function untilReactHasPage(page: Page) {
  await page.waitForFunction(
    () =>
      !("__reactRouterContext" in window) ||
      Object.keys(document).some((key) => key.startsWith("__reactContainer")),
    undefined,
    { timeout: 20_000 },
  );
}

/**
 * Every page's and locator's `screenshot` answers an empty image without capturing
 * (keepsScreenshots): the journeys' calls stay where they are, for the runs that keep them. A
 * failed test's own capture (playwright.config.ts, `only-on-failure`, taken through the same
 * method once the test has failed) is still taken.
 */
let screenshotsSkipped = false;
async function skipScreenshots(browser: Browser) {
  // The prototypes are the worker's, shared by every browser it starts: wrap them once.
  if (screenshotsSkipped) return;
  screenshotsSkipped = true;
  const context = await browser.newContext();
  const page = await context.newPage();
  for (const prototype of [
    Object.getPrototypeOf(page),
    Object.getPrototypeOf(page.locator("body")),
  ]) {
    const capture = prototype.screenshot as (...args: unknown[]) => Promise<Buffer>;
    prototype.screenshot = function (this: unknown, ...args: unknown[]) {
      return testHasFailed() ? capture.apply(this, args) : Promise.resolve(Buffer.alloc(0));
    };
  }
  await context.close();
}

/** Whether the running test has failed; outside a test, as if it had (nothing is skipped). */
function testHasFailed() {
  try {
    const info = playwrightTest.info();
    return info.status !== info.expectedStatus;
  } catch {
    return true;
  }
}

const hydratingPages = new WeakSet<Page>();

/** The page's goto, reload, goBack and goForward, each then waiting for React (untilReactHasPage). */
function withHydratingNavigations(page: Page): Page {
  if (hydratingPages.has(page)) return page;
  hydratingPages.add(page);
  for (const method of ["goto", "reload", "goBack", "goForward"] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        await untilReactHasPage(page);
        return response;
      },
    });
  }
  return page;
}

/** Every page of `context`, now and later, with navigations that wait for React. */
export function withHydratingPages(context: BrowserContext): BrowserContext {
  for (const page of context.pages()) withHydratingNavigations(page);
  context.on("page", withHydratingNavigations);
  return context;
}

/**
 * Whether this run keeps the screenshots the journeys take for a person to look at
 * (`E2E_SCREENSHOTS=1`). They assert nothing and nothing in a run reads them, but a full-page
 * capture of a long page at two widths costs the browser a raster and a PNG of several megapixels:
 * about a tenth of the CPU of the specs that take most of them. So `npm test` takes none, and a
 * person who wants to look runs `E2E_SCREENSHOTS=1 npx playwright test <spec>`.
 */
export const keepsScreenshots = process.env.E2E_SCREENSHOTS === "1";

/**
 * Playwright's test, with every page's navigations waiting for React (untilReactHasPage): the
 * test's own page and context, and the contexts and pages a test opens itself for another role.
 * Specs that should not have the automatic accessibility scan below use this one.
 */
export const hydratingTest = playwrightTest.extend<object, { hydratingBrowser: undefined }>({
  hydratingBrowser: [
    async ({ browser }, use) => {
      if (!keepsScreenshots) await skipScreenshots(browser);
      const newContext = browser.newContext.bind(browser);
      const newPage = browser.newPage.bind(browser);
      Object.assign(browser, {
        newContext: async (...args: Parameters<typeof newContext>) =>
          withHydratingPages(await newContext(...args)),
        newPage: async (...args: Parameters<typeof newPage>) =>
          withHydratingNavigations(await newPage(...args)),
      });
      await use(undefined);
    },
    { scope: "worker", auto: true },
  ],
  context: async ({ context }, use) => {
    await use(withHydratingPages(context));
  },
  page: async ({ page }, use) => {
    await use(withHydratingNavigations(page));
  },
});
const base = hydratingTest;

/**
 * Every test records the HTML pages its browser visited; afterwards each one no test of the run
 * has checked yet is opened again in the same context (same cookies) and scanned with axe-core.
 * The reflow spec (tests/e2e/accessibility/reflow.spec.ts) scans every page route in every state
 * of a case; this scan adds the pages as the journeys leave them.
 */
/**
 * Journeys that begin signed in (tests/e2e/support/seeded-accounts.ts): each call takes an account
 * of its own from the seed, its session cookie already in the browser.
 */
interface SignedIn {
  /** An employer company's owner, signed in in the test's `page`, on the employer dashboard. */
  employer(options?: { address?: null }): Promise<SeededEmployer>;
  /** A doctor with an enrolled authenticator, in a browser context of their own. */
  doctor(contextOptions?: BrowserContextOptions): Promise<SignedInDoctor>;
}

export const test = base.extend<{ a11yScan: undefined; signedIn: SignedIn }>({
  signedIn: async ({ page, browser }, use) => {
    const opened: BrowserContext[] = [];
    await use({
      employer: (options) => seededEmployer(page, options),
      doctor: async (contextOptions) => {
        const doctor = await seededDoctor(browser, contextOptions);
        opened.push(doctor.page.context());
        return doctor;
      },
    });
    for (const context of opened) await context.close();
  },
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
        const key = scanKey(new URL(url).pathname);
        if (!claimScan(key)) continue;
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

/**
 * What a person sees at the suite's two widths, a desktop's 1280 px then a phone's 375 px, saved
 * in the test's output as `<name>-1280.png` and `<name>-375.png` (whole pages with `fullPage`) to
 * be looked at; the page is left at 1280 px for the steps that follow.
 */
export async function screenshotBothWidths(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
) {
  if (!keepsScreenshots) return;
  for (const size of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: playwrightTest.info().outputPath(`${name}-${size.width}.png`),
      ...options,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

export { expect };
