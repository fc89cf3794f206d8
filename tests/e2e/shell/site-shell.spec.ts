import { footerLinks, publicNavItems } from "../../../app/components/site-navigation.ts";
import { menuSummary, phoneMenu } from "../support/menus.ts";
import { expect, test } from "../support/test.ts";

test.describe("header and footer", () => {
  test("are in the server's HTML before any JavaScript runs", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const html = await response.text();
    for (const item of publicNavItems) expect(html).toContain(`href="${item.to}"`);
    expect(html).toContain('href="/login"');
    expect(html).toContain("Medical Professional Login");
    for (const link of footerLinks) expect(html).toContain(`href="${link.to}"`);
    expect(html).toContain(`© ${new Date().getFullYear()} ReferOH Ltd`);
  });

  test("header has the public items with Sign In last, and the doctor login link", async ({
    page,
  }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const links = nav.getByRole("link");
    await expect(links).toHaveText([
      ...publicNavItems.map((i) => i.label),
      "Sign In",
      "Medical Professional Login",
    ]);
    await expect(nav.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
    await expect(nav.getByRole("link", { name: "Medical Professional Login" })).toHaveAttribute(
      "href",
      "/doctor-login",
    );
  });

  test("footer has every link of the seed, the operating company and the current year", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const link of footerLinks) {
      await expect(footer.getByRole("link", { name: link.label, exact: true })).toHaveAttribute(
        "href",
        link.to,
      );
    }
    await expect(footer).toContainText("a limited company registered in England and Wales");
    await expect(footer).toContainText(String(new Date().getFullYear()));
  });
});

test.describe("scrolling", () => {
  test("the header turns white and blurred after 20 px of scroll", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 10));
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 60));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect(header).toHaveCSS("backdrop-filter", /blur/);
    await expect(header).toHaveCSS("position", "fixed");
  });

  test("a route change scrolls to the top", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto("/");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("back control", () => {
  test("is hidden on the home page", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("button", { name: "Back" })).toHaveCount(0);
    await expect(banner.getByRole("link", { name: "Home", exact: true })).toHaveCount(0);
  });

  test("goes home, labelled Home, when there is no history", async ({ page }) => {
    await page.goto("/no-such-page");
    const home = page.getByRole("banner").getByRole("link", { name: "Home", exact: true });
    await expect(home).toBeVisible();
    await home.click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("goes back when there is history", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/terms-of-service$/);
    const back = page.getByRole("banner").getByRole("button", { name: "Back" });
    await expect(back).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("mobile menu at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("slides in, and closes on a link click and on a route change", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await menuSummary(page, "Menu").click();
    const menu = phoneMenu(page);
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link")).toHaveText([
      ...publicNavItems.map((i) => i.label),
      "Sign In",
      "Medical Professional Login",
    ]);
    await menu.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(menu).toBeHidden();

    await menuSummary(page, "Menu").click();
    await expect(menu).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(menu).toBeHidden();
  });
});

test.describe("not found", () => {
  test("answers 404 with the seed's page and a link home", async ({ page }) => {
    const response = await page.goto("/this/does/not/exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/404\s*Oops! Page not found/);
    await page.getByRole("link", { name: "Return to the home page" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("health check", () => {
  test("answers 200 with proof of a database round trip", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    const body = await response.json();
    expect(body).toMatchObject({ status: "ok", database: { status: "up", engine: "pglite" } });
    expect(typeof body.database.latencyMs).toBe("number");
  });
});

test.describe("security headers", () => {
  test("every response carries them, with a fresh CSP nonce on server-rendered pages", async ({
    request,
    page,
  }) => {
    for (const url of ["/", "/healthz", "/nope", "/favicon.svg"]) {
      const response = await request.get(url);
      const headers = response.headers();
      expect(headers["content-security-policy"], url).toMatch(/object-src 'none'/);
      expect(headers["content-security-policy"], url).toMatch(/base-uri 'none'/);
      expect(headers["content-security-policy"], url).toMatch(/frame-ancestors 'none'/);
      expect(headers["x-content-type-options"], url).toBe("nosniff");
      expect(headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      expect(headers["x-powered-by"], url).toBeUndefined();
      expect(headers["x-request-id"], url).toMatch(/^[0-9a-f-]{36}$/);
      // Served over plain http here: HSTS would be wrong.
      expect(headers["strict-transport-security"], url).toBeUndefined();
    }
    // /login is rendered per request; pre-rendered pages name their scripts by hash instead
    // (tests/e2e/public/routes.spec.ts).
    const first = (await request.get("/login")).headers()["content-security-policy"];
    const second = (await request.get("/login")).headers()["content-security-policy"];
    const nonce = (csp: string | undefined) => csp?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce(first)).toBeTruthy();
    expect(nonce(first)).not.toBe(nonce(second));

    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto("/");
    // Hydration ran under the CSP: the mobile-menu state and scroll handler only exist once it has.
    await page.evaluate(() => window.scrollTo(0, 60));
    await expect(page.getByRole("banner")).toHaveAttribute("data-scrolled", "true");
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  });

  test("hashed assets are cached immutably and responses are compressed", async ({
    request,
    page,
  }) => {
    await page.goto("/");
    const script = await page
      .locator(
        'script[type="module"][src^="/assets/"], link[rel="modulepreload"][href^="/assets/"]',
      )
      .first();
    const src = (await script.getAttribute("src")) ?? (await script.getAttribute("href"));
    const asset = await request.get(src!, { headers: { "Accept-Encoding": "gzip" } });
    expect(asset.headers()["cache-control"]).toContain("immutable");
    expect(asset.headers()["content-encoding"]).toBe("gzip");
    // Answered ahead of the router with the copy the build compressed, and the same headers.
    const brotli = await request.get(src!, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(brotli.headers()["content-encoding"]).toBe("br");
    expect(brotli.headers()["x-content-type-options"]).toBe("nosniff");
    expect(brotli.headers()["content-security-policy"]).toMatch(/object-src 'none'/);
    expect(brotli.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
