import { createHash } from "node:crypto";
import { get } from "node:http";
import type { APIRequestContext, Page } from "@playwright/test";
import { publicPages } from "../../../app/routes/marketing/public-pages.ts";
import { expect, expectLinksTo, test, waitForHydration } from "../support/test.ts";
import { publicRoutes } from "./public-pages.ts";

/** Public pages served pre-rendered (app/routes/marketing/public-pages.ts). */
const prerendered = new Set(publicPages.filter((p) => p.prerender).map((p) => p.path));

test.describe("public routes", () => {
  test("every pre-rendered page is one of the public routes checked below", () => {
    const checked = new Set<string>(publicRoutes.map((r) => r.path));
    expect([...prerendered].filter((path) => !checked.has(path))).toEqual([]);
  });

  // One page load per route checks both what a visitor and a search engine read, and, on a
  // pre-rendered page, its script hashes (each load is a browser context's worth of CPU).
  for (const route of publicRoutes) {
    const hashed = prerendered.has(route.path);
    test(`${route.path} answers 200 with its heading, title, description, canonical and Open Graph tags${hashed ? "; every inline script matches a hash in the CSP, and Chromium reports no violation" : ""}`, async ({
      page,
      request,
      baseURL,
    }) => {
      const violations = hashed ? await cspViolationsOf(page) : [];
      await recordHydration(page);
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.heading);
      const title = await page.title();
      expect(title.length).toBeGreaterThan(10);
      const canonical = `${baseURL}${route.path}`;
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", canonical);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length).toBeGreaterThan(50);
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
        "content",
        description!,
      );
      await expectScriptsAfterFirstPaint(page);
      if (!hashed) return;
      await expectInlineScriptsHashed(request, route.path);
      // Hydrated: React Router's client ran, which needs every inline script to have run.
      await page.waitForFunction(() => "__reactRouterRouteModules" in window);
      await page.waitForLoadState("networkidle");
      expect(violations).toEqual([]);
    });
  }

  test("every page has its own title and description", async ({ request }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const route of publicRoutes) {
      const html = await (await request.get(route.path)).text();
      titles.add(html.match(/<title>([^<]*)<\/title>/)![1]!);
      descriptions.add(html.match(/<meta name="description" content="([^"]*)"/)![1]!);
    }
    expect(titles.size).toBe(publicRoutes.length);
    expect(descriptions.size).toBe(publicRoutes.length);
  });

  test("the legal pages state a last-updated date and the 72-hour breach notice", async ({
    request,
  }) => {
    for (const path of [
      "/privacy-policy",
      "/terms-of-service",
      "/consent-confidentiality",
      "/gdpr-compliance",
    ]) {
      const html = await (await request.get(path)).text();
      expect(html, path).toMatch(/Last updated: <time dateTime="\d{4}-\d{2}-\d{2}">/);
      expect(html, path).toContain("within 72 hours");
    }
    const privacy = await (await request.get("/privacy-policy")).text();
    for (const phrase of [
      "Article 9(2)(h)",
      "Schedule 1, paragraph 2",
      "12 months after the outcome is issued",
      "6 years after the referral is completed",
      "90 days after the invitation was sent",
    ])
      expect(privacy).toContain(phrase);
  });
});

test.describe("findable", () => {
  test("the SME landing page has its title, description and Organization JSON-LD in the server HTML", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/sme-occupational-health");
    const html = await response.text();
    expect(html).toContain(
      "<title>Expert UK Occupational Health Services for SMEs | ReferOH</title>",
    );
    expect(html).toMatch(/<meta name="description" content="Affordable, doctor-led/);
    const json = html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/)?.[1];
    expect(json).toBeTruthy();
    const data = JSON.parse(json!);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      name: "ReferOH",
      legalName: "ReferOH Ltd",
      url: `${baseURL}/`,
    });
    expect(["Organization", "MedicalOrganization"]).toContain(data["@type"]);
  });

  test("the JSON-LD does not trip the CSP", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.goto("/sme-occupational-health");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  });

  test("sitemap.xml lists every public page with absolute URLs", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/xml");
    const xml = await response.text();
    for (const route of publicRoutes) expect(xml).toContain(`<loc>${baseURL}${route.path}</loc>`);
  });

  test("robots.txt allows the site and points at the sitemap", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Disallow: /assessment/");
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("the favicon is linked and served", async ({ request }) => {
    const html = await (await request.get("/")).text();
    expect(html).toMatch(/<link [^>]*rel="icon" href="\/favicon\.svg" type="image\/svg\+xml"\/>/);
    const icon = await request.get("/favicon.svg");
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toContain("image/svg+xml");
  });
});

test.describe("pre-rendered pages", () => {
  // Each page's script hashes are checked with its route above (expectInlineScriptsHashed).
  test("are sent pre-compressed with an ETag, and answer 304 when unchanged", async ({
    baseURL,
  }) => {
    const first = await fetchRaw(`${baseURL}/pricing`, { "accept-encoding": "gzip, deflate, br" });
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers["cache-control"]).toContain("public");
    expect(first.headers.vary).toBe("Accept-Encoding");
    expect(first.headers["x-content-type-options"]).toBe("nosniff");
    const again = await fetchRaw(`${baseURL}/pricing`, {
      "accept-encoding": "gzip, deflate, br",
      "if-none-match": first.headers.etag!,
    });
    expect(again.status).toBe(304);
  });

  test("a page answered ahead of the router carries the headers the app gives it", async ({
    baseURL,
  }) => {
    // The exact address is answered ahead of Express's router; a GET that declares a length (an
    // empty body) goes through the whole app to the same page (server/app.ts). Only the date and
    // the request id differ. (A query string goes on to React Router: it may be the page's state.)
    const headers = { "accept-encoding": "gzip, deflate, br" };
    const ahead = await fetchRaw(`${baseURL}/pricing`, headers);
    const throughApp = await fetchRaw(`${baseURL}/pricing`, { ...headers, "content-length": "0" });
    expect(ahead.status).toBe(200);
    const comparable = (all: Record<string, string | undefined>) =>
      Object.fromEntries(
        Object.entries(all).filter(([name]) => name !== "date" && name !== "x-request-id"),
      );
    expect(comparable(ahead.headers)).toEqual(comparable(throughApp.headers));
    expect(ahead.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ahead.headers["x-request-id"]).not.toBe(throughApp.headers["x-request-id"]);
  });

  test("the enquiry pages are pre-rendered, and their forms still post to their actions", async ({
    baseURL,
    request,
  }) => {
    for (const path of ["/contact", "/register-interest"]) {
      // Pre-rendered: the same bytes every time, so one ETag and a policy naming the scripts by
      // hash; a page rendered per request carries a new nonce each time.
      const first = await request.get(path);
      const second = await request.get(path);
      expect(first.status(), path).toBe(200);
      expect(first.headers().etag, path).toMatch(/^"[\w-]+"$/);
      expect(second.headers().etag, path).toBe(first.headers().etag);
      expect(first.headers()["content-security-policy"], path).not.toContain("nonce");
      expect(first.headers()["cache-control"], path).toContain("s-maxage");
      // Its form posts to the page's own address, not to the `<path>/` it was rendered at.
      expect(await first.text(), path).toContain(`action="${path}" method="post"`);
      // A form posted as a browser without JavaScript posts it: the action answers, here with
      // the form's errors, rendered per request.
      const posted = await request.post(path, {
        headers: { origin: baseURL! },
        form: { email: "not-an-email" },
        maxRedirects: 0,
      });
      expect(posted.status(), path).toBe(400);
      expect(posted.headers()["content-security-policy"], path).toMatch(/'nonce-/);
      const html = await posted.text();
      expect(html, path).toContain('aria-invalid="true"');
      expect(html, path).toMatch(/(Name|Full name) is required/);
    }
    // The inbox address is configuration, put into the page when the server loads it.
    const contact = await (await request.get("/contact")).text();
    expect(contact).toContain('href="mailto:hello@referoh.co.uk"');
    expect(contact).not.toContain("prerender-");
  });

  test("the contact page reached by a link shows the configured inbox", async ({ page }) => {
    // A client-side navigation fetches /contact.data, which the build wrote with a placeholder:
    // the server's loader answers it instead (server/prerendered.ts).
    await page.goto("/");
    // Hydrated, so the click is React Router's navigation and not a page load.
    await waitForHydration(page, 'a[href="/contact"]');
    const data = page.waitForResponse((r) => new URL(r.url()).pathname === "/contact.data");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Contact" })
      .click();
    expect((await data).status()).toBe(200);
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("link", { name: "hello@referoh.co.uk" })).toHaveAttribute(
      "href",
      "mailto:hello@referoh.co.uk",
    );
  });

  test("an address with a trailing slash redirects to the one without", async ({ request }) => {
    for (const [from, to] of [
      ["/register-interest/", "/register-interest"],
      ["/pricing//?plan=annual", "/pricing?plan=annual"],
    ]) {
      const response = await request.get(from!, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(response.headers().location, from).toBe(to);
    }
    expect((await request.get("/register-interest", { maxRedirects: 0 })).status()).toBe(200);
  });

  test("the raw pre-rendered files are not served", async ({ request }) => {
    for (const path of ["/index.html", "/pricing/index.html", "/about/index.html"]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  });

  test("client-side navigation between pre-rendered pages works", async ({ page }) => {
    await page.goto("/");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "About" })
      .click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(publicRoutes[1].heading);
    await expect(page).toHaveTitle(/About ReferOH/);
  });

  test("the FAQ opens and closes, and has the three groups", async ({ page }) => {
    await page.goto("/#faq");
    const faq = page.locator("#faq");
    for (const group of ["What We Do", "What We Don't Do", "Additional Questions"])
      await expect(faq.getByRole("heading", { name: group, exact: true })).toBeVisible();
    const summary = faq.getByText("Do you carry out physical examinations?");
    const answer = faq.getByText(/Our assessments are questionnaire-based/);
    await expect(answer).toBeHidden();
    await summary.click();
    await expect(answer).toBeVisible();
    await summary.click();
    await expect(answer).toBeHidden();
  });

  test("the home page's process tabs default to Pre-Employment and switch", async ({ page }) => {
    await page.goto("/");
    const tabs = page.locator("#process");
    await expect(tabs.getByRole("tab", { name: "Pre-Employment" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(tabs.getByText("Request the check")).toBeVisible();
    await tabs.getByRole("tab", { name: "Management Referrals" }).click();
    await expect(tabs.getByText("Make the referral")).toBeVisible();
    await expect(tabs.getByText("Request the check")).toBeHidden();
    await tabs.getByRole("tab", { name: "Management Referrals" }).press("ArrowLeft");
    await expect(tabs.getByRole("tab", { name: "Pre-Employment" })).toBeFocused();
    await expect(tabs.getByText("Request the check")).toBeVisible();
  });
});

test("the home page's calls to action go where the seed says", async ({ page }) => {
  await page.goto("/");
  await expectLinksTo(page.getByRole("main"), {
    "Learn More about how ReferOH works": "/how-it-works",
    "View Pricing": "/pricing",
    "Register Now": "/register",
    "View Pricing Plans": "/pricing",
    "See Full Process": "/how-it-works",
    "About pre-employment checks": "/pre-employment-info",
    "About management referrals": "/management-referral-info",
  });
});

/** One GET as sent, without the decoding and cache headers that fetch() adds. */
function fetchRaw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | undefined> }>(
    (resolve, reject) => {
      get(url, { headers }, (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode!, headers: res.headers as Record<string, string> }),
        );
      }).on("error", reject);
    },
  );
}

/**
 * Pre-rendered pages carry no nonce: their CSP names each inline script by its SHA-256
 * (docs/decisions/0003-csp.md). A script changed without its hash would be blocked, and the page
 * would stay without JavaScript.
 */
/**
 * The page painted before its JavaScript ran (components/hydration-scripts.tsx): the text comes
 * first, and hydration follows it. The scripts themselves may be fetched while the page paints
 * (their module preloads are in the page, at low priority); none is evaluated before the paint,
 * so React takes the page only after it.
 */
async function expectScriptsAfterFirstPaint(page: Page) {
  await page.waitForFunction(() => (window as { __hydratedAt?: number }).__hydratedAt);
  const timing = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName("first-paint")[0]?.startTime,
    hydratedAt: (window as { __hydratedAt?: number }).__hydratedAt,
  }));
  expect(timing.firstPaint, "the page painted").toBeDefined();
  expect(timing.hydratedAt!, "React took the page after its first paint").toBeGreaterThan(
    timing.firstPaint!,
  );
}

/** Records when React takes the page (hydrateRoot marks the document), for the next navigation. */
async function recordHydration(page: Page) {
  await page.addInitScript(() => {
    const timer = setInterval(() => {
      if (!Object.keys(document).some((key) => key.startsWith("__reactContainer"))) return;
      (window as { __hydratedAt?: number }).__hydratedAt = performance.now();
      clearInterval(timer);
    }, 5);
  });
}

async function expectInlineScriptsHashed(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  const csp = response.headers()["content-security-policy"]!;
  const scriptSrc = csp.split(";").find((d) => d.startsWith("script-src "))!;
  expect(scriptSrc).not.toContain("nonce");
  expect(scriptSrc).not.toContain("unsafe-inline");
  const html = await response.text();
  expect(html).not.toContain("prerender-");
  expect(html).not.toContain("nonce=");
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attributes]) => !/\bsrc=|application\/(ld\+)?json/.test(attributes!),
  );
  expect(inline.length).toBeGreaterThan(0);
  for (const [, , body] of inline)
    expect(scriptSrc).toContain(`'sha256-${createHash("sha256").update(body!).digest("base64")}'`);
}

/** The CSP violations Chromium reports in `page` from its next navigation on. */
async function cspViolationsOf(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return violations;
}
