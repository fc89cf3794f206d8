import { describe, expect, it } from "vitest";
import { loadAfterFirstPaint } from "../../app/lib/load-after-first-paint.ts";
import { hydrateAtOnce } from "./bench-controls.ts";

// React Router's inline module script as <Scripts /> writes it (react-router 8, lazy route
// discovery), cut down to what the product's rewrite touches.
const reactRouterScript = `;
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/layout-B.js";
import * as route2 from "/assets/page-C.js";
  window.__reactRouterRouteModules = {"root":route0,"routes/layout":route1,"routes/page":route2};

import("/assets/entry.client-D.js");`;

const page = (script: string) =>
  `<html><head><link rel="stylesheet" href="/assets/app.css"/></head><body><main>Text</main><link rel="modulepreload" href="/assets/root-A.js" fetchPriority="low"/><script nonce="n" type="module" async="">${script}</script></body></html>`;

describe("hydrateAtOnce", () => {
  it("turns the product's paint-first loader back into React Router's own script", () => {
    const html = hydrateAtOnce(page(loadAfterFirstPaint(reactRouterScript)));
    const script = /<script[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(script).not.toContain("painted");
    expect(script).toContain('import * as route0 from "/assets/root-A.js";');
    expect(script).toContain('import * as route2 from "/assets/page-C.js";');
    expect(script).toContain('import("/assets/entry.client-D.js");');
    // The page's module preloads at their default priority, as React Router writes them.
    expect(html).toContain('<link rel="modulepreload" href="/assets/root-A.js"/>');
  });

  it("leaves a page without the loader as it is", () => {
    expect(hydrateAtOnce(page(reactRouterScript))).toBe(page(reactRouterScript));
  });
});
