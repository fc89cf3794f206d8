import { expect, test } from "../support/test.ts";
import { builtElsewhere, publicRoutes } from "./public-pages.ts";

/** Internal hrefs in a region of the page, without hash or query. */
async function internalLinks(page: import("@playwright/test").Page, selector: string) {
  const hrefs = await page
    .locator(`${selector} a[href]`)
    .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  const origin = new URL(page.url()).origin;
  return hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === origin)
    .map((url) => url.pathname);
}

test("every link in the header, footer and home page reaches a page that answers 200", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const paths = new Set([
    ...(await internalLinks(page, "header")),
    ...(await internalLinks(page, "footer")),
    ...(await internalLinks(page, "main")),
  ]);
  expect(paths.size).toBeGreaterThan(10);
  const checked: string[] = [];
  for (const path of paths) {
    if (builtElsewhere.has(path)) continue;
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    checked.push(path);
  }
  expect(checked).toEqual(expect.arrayContaining(["/", "/pricing", "/contact", "/how-it-works"]));
});

test("no public page links to a page that answers 404", async ({ request }) => {
  // Read from the server's HTML (every link is there before JavaScript runs); the pages
  // themselves are opened, and scanned by axe, in routes.spec.ts.
  const seen = new Map<string, string>();
  for (const route of publicRoutes) {
    const html = await (await request.get(route.path)).text();
    for (const [, href] of html.matchAll(/<a [^>]*href="(\/[^"#?]*)/g))
      if (!seen.has(href!)) seen.set(href!, route.path);
  }
  // Every public route is reachable from another public page.
  for (const route of publicRoutes) expect([...seen.keys()]).toContain(route.path);
  for (const [path, from] of seen) {
    if (builtElsewhere.has(path)) continue;
    expect((await request.get(path)).status(), `${path} (linked from ${from})`).toBe(200);
  }
});
