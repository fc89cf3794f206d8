import http from "node:http";
import type { AddressInfo } from "node:net";
import { chromium } from "@playwright/test";

/*
 * First paint to working controls on a phone-class device (docs/architecture.md §7, ADR 0014):
 * Chromium at 4× CPU throttling (CDP Emulation.setCPUThrottlingRate) on DevTools' Slow 4G
 * (Network.emulateNetworkConditions), a cold cache each load. For each page and each way of
 * loading the scripts it records the first paint and the moment React has hydrated the page's
 * first control (the node carries React's props), both from the navigation's start.
 *
 * The ways are made from the product's own HTML by a proxy in front of the server, so they
 * differ only in the script tags:
 * - `at-once`: React Router's own <Scripts />: module preloads with the page, static imports,
 *   hydration as early as the scripts arrive (the inline loader is turned back into it);
 * - `as-built`: the product as built (components/hydration-scripts.tsx).
 * Every document goes through the proxy, with its Content-Security-Policy dropped (a rewritten
 * inline script no longer matches its hash), the same for every way.
 */

export type ScriptLoading = "at-once" | "as-built";
const scriptLoadings: readonly ScriptLoading[] = ["at-once", "as-built"];

export interface ControlPage {
  path: string;
  /** The control whose hydration makes the page's controls work under React. */
  control: string;
}

export interface ControlRun {
  firstPaintMs: number;
  hydratedMs: number;
  /** First paint to the control hydrated. */
  paintToControlMs: number;
}

export interface ControlResult {
  path: string;
  loading: ScriptLoading;
  runs: ControlRun[];
  median: ControlRun;
}

/** DevTools' "Slow 4G" preset (Chromium's network throttling, as the issue measured). */
const slow4g = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};

/**
 * React Router's <Scripts /> back from the product's rewrite of it (the inverse of
 * components/hydration-scripts.tsx): the paint wait dropped and the dynamic imports static again,
 * so the page hydrates as soon as its scripts are in, and the module preloads at their default
 * priority. (A loader that still adds its preloads after the paint, as it did before they were
 * left in the page, has them put back as links in the head.)
 */
export function hydrateAtOnce(html: string): string {
  const script = /(<script[^>]*type="module"[^>]*>)([\s\S]*?)(<\/script>)/.exec(html);
  if (!script?.[2]?.includes("await new Promise((painted)")) return html;
  const body = script[2];
  const addedAfterPaint: string[] = JSON.parse(
    /for \(const href of (\[[^\]]*\])\)/.exec(body)?.[1] ?? "[]",
  );
  const out: string[] = [];
  let inPaintWait = false;
  for (const line of body.split("\n")) {
    if (line.startsWith('if (document.visibilityState !== "hidden") await new Promise')) {
      inPaintWait = true;
      continue;
    }
    if (inPaintWait) {
      if (line === "});") inPaintWait = false;
      continue;
    }
    if (line.startsWith("for (const href of ")) continue;
    const sideEffect = /^await import\(("[^"]+")\);$/.exec(line);
    if (sideEffect) {
      out.push(`import ${sideEffect[1]};`);
      continue;
    }
    const together = /^const \[([^\]]+)\] = await Promise\.all\(\[(.*)\]\);$/.exec(line);
    if (together) {
      const names = together[1]!.split(", ");
      const specifiers = [...together[2]!.matchAll(/import\(("[^"]+")\)/g)].map((m) => m[1]);
      names.forEach((name, i) => {
        out.push(`import * as ${name} from ${specifiers[i]};`);
      });
      continue;
    }
    out.push(line);
  }
  const links = addedAfterPaint
    .map((href) => `<link rel="modulepreload" href="${href}"/>`)
    .join("");
  return html
    .replace(script[0], `${script[1]}${out.join("\n")}${script[3]}`)
    .replace("</head>", `${links}</head>`)
    .replaceAll(/(<link rel="modulepreload"[^>]*?) fetchPriority="low"/g, "$1");
}

/** A proxy to `target` that serves every document the way `loading()` says. */
async function scriptProxy(target: string, loading: () => ScriptLoading) {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const isDocument = (req.headers.accept ?? "").includes("text/html");
    const headers = { ...req.headers, host: upstream.host };
    if (isDocument) headers["accept-encoding"] = "identity";
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (answer) => {
        const type = String(answer.headers["content-type"] ?? "");
        if (!isDocument || !type.includes("text/html")) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          let html = Buffer.concat(chunks).toString("utf8");
          if (loading() === "at-once") html = hydrateAtOnce(html);
          const out = { ...answer.headers };
          delete out["content-security-policy"];
          delete out["content-length"];
          delete out.etag;
          res.writeHead(answer.statusCode ?? 502, out);
          res.end(html);
        });
      },
    );
    req.pipe(forward);
    forward.on("error", () => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** The median run of `runs` by first paint to working controls. */
function medianRun(runs: ControlRun[]): ControlRun {
  const sorted = [...runs].sort((a, b) => a.paintToControlMs - b.paintToControlMs);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Measures every page in every way, `runs` times, alternating the ways inside each round so a
 * busy moment of the shared machine falls on both. `cookie` signs the browser in (for the
 * employer dashboard).
 */
export async function measureControls({
  server,
  pages,
  runs,
  cookie,
}: {
  server: string;
  pages: readonly ControlPage[];
  runs: number;
  cookie?: { name: string; value: string };
}): Promise<ControlResult[]> {
  let loading: ScriptLoading = "as-built";
  const proxy = await scriptProxy(server, () => loading);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  const results = new Map<string, ControlResult>();
  try {
    for (let round = 0; round < runs; round++) {
      for (const page of pages) {
        for (const way of round % 2 === 0 ? scriptLoadings : [...scriptLoadings].reverse()) {
          loading = way;
          const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
          if (cookie)
            await context.addCookies([
              { ...cookie, url: proxy.base, httpOnly: true, sameSite: "Lax" },
            ]);
          const tab = await context.newPage();
          const cdp = await context.newCDPSession(tab);
          await cdp.send("Network.enable");
          await cdp.send("Network.emulateNetworkConditions", slow4g);
          await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
          // From the first parse: poll every 10 ms for React's props on the control.
          await tab.addInitScript((selector: string) => {
            const timer = setInterval(() => {
              const node = document.querySelector(selector);
              if (node && Object.keys(node).some((key) => key.startsWith("__reactProps"))) {
                (window as unknown as { __controlHydratedAt: number }).__controlHydratedAt =
                  performance.now();
                clearInterval(timer);
              }
            }, 10);
          }, page.control);
          await tab.goto(`${proxy.base}${page.path}`, { waitUntil: "load", timeout: 120_000 });
          const times = await tab.waitForFunction(
            () => {
              const hydrated = (window as unknown as { __controlHydratedAt?: number })
                .__controlHydratedAt;
              const paint = performance.getEntriesByName("first-paint")[0]?.startTime;
              return hydrated !== undefined && paint !== undefined ? { hydrated, paint } : null;
            },
            undefined,
            { timeout: 120_000, polling: 100 },
          );
          const { hydrated, paint } = (await times.jsonValue())!;
          await context.close();
          const key = `${page.path} ${way}`;
          const result = results.get(key) ?? {
            path: page.path,
            loading: way,
            runs: [],
            median: { firstPaintMs: 0, hydratedMs: 0, paintToControlMs: 0 },
          };
          result.runs.push({
            firstPaintMs: Math.round(paint),
            hydratedMs: Math.round(hydrated),
            paintToControlMs: Math.round(hydrated - paint),
          });
          results.set(key, result);
          console.log(
            `controls ${page.path} ${way}: paint ${Math.round(paint)} ms, hydrated ${Math.round(hydrated)} ms`,
          );
        }
      }
    }
  } finally {
    await browser.close();
    proxy.close();
  }
  return [...results.values()].map((r) => ({ ...r, median: medianRun(r.runs) }));
}
