import { describe, expect, it } from "vitest";
import { loadAfterFirstPaint } from "./load-after-first-paint.ts";

// React Router's inline module script as <Scripts /> writes it (react-router 8, lazy route
// discovery: the first line is a lone `;`), cut down to the parts the rewrite touches.
const reactRouterScript = `;
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/layout-B.js";
import * as route2_clientLoader from "/assets/page-C-loader.js";
import * as route2_main from "/assets/page-C.js";
const route2 = {...route2_clientLoader,...route2_main};
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-D.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/layout":route1,"routes/page":route2};

import("/assets/entry.client-D.js");`;

const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
  ...args: string[]
) => (...values: unknown[]) => Promise<void>;

/**
 * Runs the rewritten script with a stand-in browser: `import(…)` becomes a call that records the
 * specifier and resolves to a module named after it; the first paint (its Paint Timing entry, or
 * in a browser without them its animation frame) comes when the test says so.
 */
function run(
  script: string,
  { visibilityState = "visible", paintTiming = true } = {} as {
    visibilityState?: "visible" | "hidden";
    paintTiming?: boolean;
  },
) {
  const events: string[] = [];
  const head: { rel: string; href: string }[] = [];
  const frames: (() => void)[] = [];
  const paintObservers: (() => void)[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ["mark", "paint"] : ["mark"];
    constructor(private readonly callback: (entries: unknown, observer: unknown) => void) {}
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: "paint", buffered: true });
      paintObservers.push(() => this.callback([], this));
    }
    disconnect() {
      paintObservers.length = 0;
    }
  }
  const window: Record<string, unknown> = {};
  const document = {
    visibilityState,
    head: { append: (link: { rel: string; href: string }) => head.push(link) },
    createElement: () => ({ rel: "", href: "" }),
  };
  const body = script.replaceAll("import(", "load(");
  expect(body).not.toMatch(/\bimport\b/);
  const done = new AsyncFunction(
    "window",
    "document",
    "requestAnimationFrame",
    "setTimeout",
    "PerformanceObserver",
    "load",
    body,
  )(
    window,
    document,
    (callback: () => void) => frames.push(callback),
    (callback: () => void) => queueMicrotask(callback),
    PerformanceObserver,
    async (specifier: string) => {
      events.push(`load ${specifier}`);
      return { module: specifier };
    },
  );
  return {
    events,
    head,
    window,
    done,
    paint: () => {
      events.push("paint");
      for (const frame of frames.splice(0)) frame();
      for (const observer of [...paintObservers]) observer();
    },
  };
}

describe("loadAfterFirstPaint", () => {
  it("imports nothing before the first paint, then what the page needs", async () => {
    const page = run(loadAfterFirstPaint(reactRouterScript));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(page.events).toEqual([]);
    expect(page.head).toEqual([]);

    page.paint();
    await page.done;
    expect(page.events[0]).toBe("paint");
    // The module preloads are the page's own (components/hydration-scripts.tsx): none is added.
    expect(page.head).toEqual([]);
    // The route modules in parallel, the entry (which hydrates) last, once they are in place.
    expect(page.events.slice(1, -1).sort()).toEqual(
      [
        "load /assets/layout-B.js",
        "load /assets/page-C-loader.js",
        "load /assets/page-C.js",
        "load /assets/root-A.js",
      ].sort(),
    );
    expect(page.events.at(-1)).toBe("load /assets/entry.client-D.js");
    expect(page.window.__reactRouterRouteModules).toEqual({
      root: { module: "/assets/root-A.js" },
      "routes/layout": { module: "/assets/layout-B.js" },
      // The route's chunks are merged under its name, as React Router's own script does.
      "routes/page": { module: "/assets/page-C.js" },
    });
  });

  it("waits for the first frame in a browser without paint entries", async () => {
    const page = run(loadAfterFirstPaint(reactRouterScript), { paintTiming: false });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(page.events).toEqual([]);
    page.paint();
    await page.done;
    expect(page.events[0]).toBe("paint");
    expect(page.events.at(-1)).toBe("load /assets/entry.client-D.js");
  });

  it("does not wait in a hidden tab, which paints nothing until it is shown", async () => {
    const page = run(loadAfterFirstPaint(reactRouterScript), {
      visibilityState: "hidden",
    });
    await page.done;
    expect(page.events).not.toContain("paint");
    expect(page.events.at(-1)).toBe("load /assets/entry.client-D.js");
  });

  it("imports a module loaded for its effect (the manifest, without lazy discovery) before the routes", async () => {
    const script = reactRouterScript.replace(/^;/, 'import "/assets/manifest-F.js";');
    const page = run(loadAfterFirstPaint(script));
    page.paint();
    await page.done;
    expect(page.events[1]).toBe("load /assets/manifest-F.js");
  });

  it("leaves a script with nothing to import as it is", () => {
    expect(loadAfterFirstPaint(" ")).toBe(" ");
  });
});
