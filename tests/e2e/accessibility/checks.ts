import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import { expect } from "../support/test.ts";

/*
 * Checks of WCAG 2.2 that axe-core does not make, run in the page: reflow (1.4.10), clipped
 * text (1.4.4 / 1.4.10), target size (2.5.8), visible focus (2.4.7, 2.4.11) and the document's
 * height (no blank area after the footer).
 */

/**
 * The two reflow viewports. 320 CSS px is WCAG 1.4.10's width (1280 px at 400 %). 200 % zoom of a
 * 1280 × 800 window is emulated the way Chromium's own page zoom works: the layout viewport
 * becomes 640 × 400 CSS px and devicePixelRatio 2 (the same media queries match, the same
 * layout results), which Playwright sets with `viewport` and `deviceScaleFactor`.
 */
export const reflowViewports = {
  "320 px": { viewport: { width: 320, height: 640 }, deviceScaleFactor: 1 },
  "1280 px at 200 %": { viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 },
} as const;

interface LayoutProblems {
  /** The page scrolls sideways by this many px (0 when it does not). */
  horizontalOverflow: number;
  /** When it does: the innermost elements that stick out past the viewport. */
  overflowing: string[];
  /** Text in an element whose overflow is hidden or clipped, cut off by it. */
  clippedText: string[];
  /** The document is this many px taller than its content (or the viewport, if taller). */
  blankBelowContent: number;
}

/** Measures the page as it is now. */
export function layoutProblems(page: Page): Promise<LayoutProblems> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const describe = (el: Element) => {
      const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60);
      const id = el.id ? `#${el.id}` : "";
      return `<${el.tagName.toLowerCase()}${id}> "${text}"`;
    };
    const isRendered = (el: Element) => {
      const style = getComputedStyle(el);
      return style.display !== "none" && style.visibility !== "hidden";
    };
    // Visually hidden text (sr-only: a 1 × 1 px clipped box) is hidden on purpose.
    const visuallyHidden = (el: Element) => {
      const rect = el.getBoundingClientRect();
      return rect.width <= 1 && rect.height <= 1;
    };
    const insideFixed = (el: Element | null): boolean => {
      for (let node = el; node && node !== document.body; node = node.parentElement)
        if (getComputedStyle(node).position === "fixed") return true;
      return false;
    };

    // What sticks out: the innermost elements past the viewport's right edge (their children do
    // not), outside any box that scrolls or clips sideways.
    const width = root.clientWidth;
    const overflowing: string[] = [];
    if (root.scrollWidth > width) {
      const past = (el: Element) =>
        isRendered(el) && !insideFixed(el) && el.getBoundingClientRect().right > width + 1;
      const contained = (el: Element) => {
        for (let node = el.parentElement; node && node !== document.body; node = node.parentElement)
          if (getComputedStyle(node).overflowX !== "visible") return true;
        return false;
      };
      for (const el of Array.from(document.body.querySelectorAll("*"))) {
        if (overflowing.length >= 3) break;
        if (!past(el) || Array.from(el.children).some(past) || contained(el)) continue;
        const box = el.getBoundingClientRect();
        overflowing.push(
          `${describe(el)} ${Math.round(box.width)} px wide, ${Math.round(box.right - width)} px past`,
        );
      }
    }

    const clippedText: string[] = [];
    let contentBottom = 0;
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      if (!isRendered(el) || visuallyHidden(el)) continue;
      if (el.closest("[data-sonner-toaster], dialog:not([open])")) continue;
      const rect = el.getBoundingClientRect();
      if (!insideFixed(el)) contentBottom = Math.max(contentBottom, rect.bottom + window.scrollY);
      const style = getComputedStyle(el);
      const clips = (value: string) => value === "hidden" || value === "clip";
      const hasOwnText = Array.from(el.childNodes).some(
        (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim() !== "",
      );
      const hasText = (el.textContent ?? "").trim() !== "";
      if (!hasText) continue;
      // Deliberate single-line truncation that keeps the whole text in a tooltip is allowed.
      if (style.textOverflow === "ellipsis" && el.hasAttribute("title")) continue;
      const cutX = clips(style.overflowX) && el.scrollWidth > el.clientWidth + 1;
      const cutY = clips(style.overflowY) && el.scrollHeight > el.clientHeight + 1;
      if ((cutX || cutY) && (hasOwnText || el.children.length > 0)) clippedText.push(describe(el));
    }
    const viewportBottom = window.innerHeight;
    return {
      horizontalOverflow: Math.max(0, root.scrollWidth - root.clientWidth),
      overflowing,
      clippedText,
      blankBelowContent: Math.max(0, root.scrollHeight - Math.max(viewportBottom, contentBottom)),
    };
  });
}

/** Fails with every layout problem of the page at once, named by `label`. */
export async function expectSoundLayout(page: Page, label: string) {
  const problems = await layoutProblems(page);
  expect(
    {
      horizontalOverflow: problems.horizontalOverflow,
      overflowing: problems.overflowing,
      clippedText: problems.clippedText,
      blankBelowContent: problems.blankBelowContent > 2 ? problems.blankBelowContent : 0,
    },
    `layout of ${label}`,
  ).toEqual({ horizontalOverflow: 0, overflowing: [], clippedText: [], blankBelowContent: 0 });
}

/**
 * Interactive targets smaller than 24 × 24 CSS px (WCAG 2.5.8), except where the criterion
 * allows: inline links in a sentence, and controls whose size the browser decides (none here).
 * A small target passes when a 24 px circle centred on it overlaps no other target, which this
 * approximates by the distance between centres.
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=checkbox], [role=radio], [role=switch], [role=tab], [role=slider], [role=menuitem], [tabindex]:not([tabindex='-1'])";
    // A target scrolled out of a box that scrolls or clips (a long list of times in a short
    // panel) cannot be hit where its box lies: it is no target there until scrolled into view.
    const clippedAway = (el: HTMLElement, rect: DOMRect) => {
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        if (getComputedStyle(node).overflow === "visible") continue;
        const box = node.getBoundingClientRect();
        if (
          rect.bottom <= box.top ||
          rect.top >= box.bottom ||
          rect.right <= box.left ||
          rect.left >= box.right
        )
          return true;
      }
      return false;
    };
    const targets = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter((el) => {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return (
        rect.width > 1 &&
        rect.height > 1 &&
        style.visibility !== "hidden" &&
        !el.closest("[inert], [aria-hidden=true]") &&
        !clippedAway(el, rect)
      );
    });
    const inlineInText = (el: HTMLElement) => {
      if (el.tagName !== "A") return false;
      const style = getComputedStyle(el);
      if (style.display !== "inline") return false;
      const parent = el.parentElement;
      if (!parent) return false;
      // A link inside running text: the parent has text of its own beside the link.
      return Array.from(parent.childNodes).some(
        (n) => n !== el && n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim() !== "",
      );
    };
    // A radio or checkbox whose label is the target (the label is clickable and large enough).
    const labelled = (el: HTMLElement) => {
      if (!(el instanceof HTMLInputElement)) return null;
      const label = el.labels?.[0];
      if (!label) return null;
      const rect = label.getBoundingClientRect();
      return rect.height >= 24 ? label : null;
    };
    const centres = targets.map((el) => {
      const r = el.getBoundingClientRect();
      return { el, x: r.left + r.width / 2, y: r.top + r.height / 2, r };
    });
    const problems: string[] = [];
    for (const { el, x, y, r } of centres) {
      if (r.width >= 24 && r.height >= 24) continue;
      if (inlineInText(el) || labelled(el)) continue;
      const crowded = centres.some(
        (other) =>
          other.el !== el &&
          !other.el.contains(el) &&
          !el.contains(other.el) &&
          Math.hypot(other.x - x, other.y - y) < 24,
      );
      if (!crowded && r.width >= 1 && r.height >= 1) {
        // Spacing exception: a 24 px circle around its centre reaches no other target.
        continue;
      }
      const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40);
      problems.push(
        `<${el.tagName.toLowerCase()}> "${name}" ${Math.round(r.width)}×${Math.round(r.height)}`,
      );
    }
    return problems;
  });
}

/**
 * Controls whose focus indicator would be cut off by the left or right edge of the viewport
 * (WCAG 2.4.7, and 2.4.13's whole-perimeter idea): the app's indicator reaches 5 px beyond a
 * control (a 3 px outline or ring, 2 px away; app.css and components/ui/focus-ring.ts), so a
 * control needs that much room from each edge. Measured on the layout, without moving focus.
 */
export function focusRingsCut(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const reach = 5;
    const width = document.documentElement.clientWidth;
    const selector =
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex='-1'])";
    const cut: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1 || el.closest("[inert], [aria-hidden=true]"))
        continue;
      if (getComputedStyle(el).visibility === "hidden") continue;
      // Inside a closed <details> (the header's menus) a control cannot take focus; Chromium still
      // lays it out when asked, at the place the panel would slide in from. Its summary can.
      const closed = el.closest("details:not([open])");
      if (closed && el !== closed.querySelector(":scope > summary")) continue;
      const left = rect.left + window.scrollX;
      const right = rect.right + window.scrollX;
      if (left >= reach && right <= width - reach) continue;
      const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40);
      cut.push(
        `<${el.tagName.toLowerCase()}> "${name}" ${Math.round(left)}–${Math.round(right)} px`,
      );
    }
    return cut;
  });
}

interface FocusState {
  /** What has focus: tag, accessible name (or text), and role. */
  tag: string;
  name: string;
  role: string | null;
  /** The focus indicator is drawn: an outline or a box-shadow ring. */
  indicator: boolean;
  /** Contrast of the indicator's colour against the page behind it. */
  contrast: number;
  /** Px of the focused element hidden under the fixed header (0 when none). */
  underHeader: number;
  /** The element lies at least partly inside the viewport. */
  inViewport: boolean;
}

/** Describes the focused element and its focus indicator. */
export function focusState(page: Page): Promise<FocusState | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const parse = (colour: string): [number, number, number, number] | null => {
      const m = /rgba?\(([^)]+)\)/.exec(colour);
      if (!m) return null;
      const parts = m[1]!
        .split(/[ ,/]+/)
        .filter(Boolean)
        .map(Number);
      return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
    };
    const luminance = ([r, g, b]: number[]) => {
      const c = [r!, g!, b!].map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
    };
    const ratio = (a: number[], b: number[]) => {
      const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (l1! + 0.05) / (l2! + 0.05);
    };
    // The colour behind the element: the first opaque background up the tree, else white.
    const behind = (node: Element | null): number[] => {
      for (let n = node; n; n = n.parentElement) {
        const c = parse(getComputedStyle(n).backgroundColor);
        if (c && c[3] > 0.5) return c;
      }
      return [255, 255, 255];
    };
    const style = getComputedStyle(el);
    let ring: number[] | null = null;
    if (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 2) {
      const c = parse(style.outlineColor);
      if (c && c[3] > 0.5) ring = c;
    }
    if (!ring && style.boxShadow && style.boxShadow !== "none") {
      // Tailwind's ring: the colours of the shadow list; take the most contrasting one.
      const colours = Array.from(style.boxShadow.matchAll(/rgba?\([^)]+\)/g))
        .map((m) => parse(m[0]))
        .filter((c): c is [number, number, number, number] => c !== null && c[3] > 0.5);
      const background = behind(el.parentElement);
      ring = colours.sort((a, b) => ratio(b, background) - ratio(a, background))[0] ?? null;
    }
    const rect = el.getBoundingClientRect();
    const header = document.querySelector("header");
    const headerFixed = header && getComputedStyle(header).position === "fixed";
    const headerBottom = headerFixed ? header.getBoundingClientRect().bottom : 0;
    const inHeader = header?.contains(el) ?? false;
    const inDialog = el.closest("[role=dialog], [role=alertdialog], dialog") !== null;
    // Px of the element's height the fixed header covers, when the header is what is on top at
    // the element's centre (a skip link drawn over the header is not covered by it).
    const obscuredByHeader = () => {
      if (inHeader || inDialog || !headerFixed || rect.top >= headerBottom) return 0;
      const x = Math.min(Math.max(rect.left + rect.width / 2, 0), window.innerWidth - 1);
      const y = Math.min(
        Math.max(rect.top + Math.min(rect.height, headerBottom - rect.top) / 2, 0),
        window.innerHeight - 1,
      );
      const hit = document.elementFromPoint(x, y);
      if (!hit || el.contains(hit) || !header!.contains(hit)) return 0;
      return Math.min(headerBottom, rect.bottom) - rect.top;
    };
    return {
      tag: el.tagName.toLowerCase(),
      name: (
        el.getAttribute("aria-label") ??
        (el as HTMLInputElement).labels?.[0]?.textContent ??
        el.textContent ??
        ""
      )
        .replace(/\s+/g, " ")
        .trim(),
      role: el.getAttribute("role"),
      indicator: ring !== null,
      contrast: ring ? ratio(ring, behind(el.parentElement)) : 0,
      underHeader: obscuredByHeader(),
      inViewport: rect.bottom > 0 && rect.top < window.innerHeight,
    };
  });
}

/**
 * The focused element has a visible indicator with at least 3:1 contrast (WCAG 2.4.7, 1.4.11,
 * 2.4.13's contrast part), is on screen and not hidden under the fixed header (2.4.11), and its
 * name matches `expected` when given.
 */
export async function expectVisibleFocus(page: Page, expected?: string | RegExp) {
  // Focus styles apply on the next frame; moving focus may start a smooth scroll: wait until the
  // page (and any scrolling box) has stopped moving.
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const position = () => {
          const box = document.activeElement?.getBoundingClientRect();
          return `${window.scrollY}:${box?.top}:${box?.left}`;
        };
        const visible = () => {
          const box = document.activeElement?.getBoundingClientRect();
          return !box || (box.bottom > 0 && box.top < window.innerHeight);
        };
        let last = position();
        let still = 0;
        const started = performance.now();
        // A smooth scroll may start a frame or two after the focus moves.
        const tick = () => {
          const now = position();
          still = now === last ? still + 1 : 0;
          last = now;
          const settled = still >= (visible() ? 3 : 20);
          if (settled || performance.now() - started > 3_000) resolve(null);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
  const state = await focusState(page);
  expect(state, "something has focus").not.toBeNull();
  const label = `focus on <${state!.tag}> "${state!.name}"`;
  if (expected !== undefined) {
    if (typeof expected === "string") expect(state!.name, label).toBe(expected);
    else expect(state!.name, label).toMatch(expected);
  }
  expect(state!.indicator, `${label} shows a focus indicator`).toBe(true);
  expect(state!.contrast, `${label}: indicator contrast`).toBeGreaterThanOrEqual(3);
  expect(state!.inViewport, `${label} is in the viewport`).toBe(true);
  expect(state!.underHeader, `${label} is not under the fixed header`).toBe(0);
  return state!;
}

/**
 * Presses Tab (or Shift+Tab) until the focused element's name matches, failing after `limit`
 * presses; asserts a visible focus indicator at every stop on the way.
 */
export async function tabTo(
  page: Page,
  name: string | RegExp,
  { back = false, limit = 40 }: { back?: boolean; limit?: number } = {},
) {
  const matches = (text: string) => (typeof name === "string" ? text === name : name.test(text));
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const state = await expectVisibleFocus(page);
    if (matches(state.name)) return state;
  }
  throw new Error(`no focusable element named ${String(name)} within ${limit} presses of Tab`);
}

/**
 * WCAG 1.4.12's text spacing, as a reader's own style sheet sets it: line height 1.5 times the
 * font size, paragraph spacing 2 times, letter spacing 0.12 times and word spacing 0.16 times.
 * Returns how far the page then scrolls sideways (0: not at all) and what sticks out; the page's
 * own style is put back afterwards.
 */
export async function textSpacingOverflow(
  page: Page,
): Promise<{ horizontalOverflow: number; overflowing: string[] }> {
  await page.evaluate(() => {
    const style = document.createElement("style");
    style.id = "wcag-text-spacing";
    style.textContent = `
      * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
      p { margin-bottom: 2em !important; }`;
    document.head.append(style);
  });
  try {
    const { horizontalOverflow, overflowing } = await layoutProblems(page);
    return { horizontalOverflow, overflowing };
  } finally {
    await page.evaluate(() => document.getElementById("wcag-text-spacing")?.remove());
  }
}

const require = createRequire(import.meta.url);

/** HTML_CodeSniffer's own script, read once (the npm package's browser build). */
let sniffer: string | undefined;

/**
 * HTML_CodeSniffer's WCAG 2 AA errors on the page as it is now (its warnings and notices ask a
 * person to judge, so they are left out), one line each: the rule's code, its message and the
 * element; only inside `within` (a CSS selector) when given. A second engine beside axe: each
 * finds things the other does not. The script is evaluated through the DevTools protocol, which
 * the page's Content Security Policy does not govern, so nothing about the page is loosened.
 */
export async function codeSnifferErrors(page: Page, within?: string): Promise<string[]> {
  sniffer ??= fs.readFileSync(require.resolve("html_codesniffer/build/HTMLCS.js"), "utf8");
  if (!(await page.evaluate(() => "HTMLCS" in window))) {
    await page.evaluate(sniffer);
    // Some of its messages have no English text (1.3.5's autocomplete checks among them), and
    // reading one threw in the middle of the run: such a finding is reported by its code.
    await page.evaluate(() => {
      const htmlcs = (window as unknown as { HTMLCS: { getTranslation(key: string): string } })
        .HTMLCS;
      const translate = htmlcs.getTranslation.bind(htmlcs);
      htmlcs.getTranslation = (key) => translate(key) ?? `(${key})`;
    });
  }
  return page.evaluate(
    (selector) =>
      new Promise<string[]>((resolve, reject) => {
        type Message = { type: number; code: string; msg: string; element: Element };
        const htmlcs = (
          window as unknown as {
            HTMLCS: {
              process(
                standard: string,
                content: Document,
                done: () => void,
                failed: () => void,
              ): void;
              getMessages(): Message[];
            };
          }
        ).HTMLCS;
        const root = selector ? document.querySelector(selector) : document.documentElement;
        if (!root) return resolve([]);
        // Always the whole document, then only the findings inside `within`: given an element,
        // its accessible-name code calls getElementById on it and throws.
        htmlcs.process(
          "WCAG2AA",
          document,
          () => {
            const describe = (el: Element) => {
              const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
              const id = el.id ? `#${el.id}` : "";
              return `<${el.tagName?.toLowerCase() ?? "document"}${id}> "${text}"`;
            };
            resolve(
              htmlcs
                .getMessages()
                // 1 is HTMLCS.ERROR; 2 and 3 are warnings and notices.
                .filter((m) => m.type === 1)
                .filter((m) => !selector || root.contains(m.element))
                // HTML_CodeSniffer predates the HTML Standard's "Username" autofill group and
                // allows "username" on text inputs only; the standard allows it on an e-mail
                // input, which is what a sign-in address is (account-email-field.tsx).
                .filter(
                  (m) =>
                    !(
                      m.code.endsWith("1_3_5.H98") &&
                      m.element.matches?.("input[type=email][autocomplete=username]")
                    ),
                )
                .map((m) => `${m.code}: ${m.msg} ${describe(m.element)}`),
            );
          },
          () => reject(new Error("HTML_CodeSniffer could not run")),
        );
      }),
    within,
  );
}

/**
 * Headings that skip a level on the way down (an h3 straight after an h1), in document order,
 * among the headings a screen reader lists (not hidden); only inside `within` when given.
 */
export function skippedHeadingLevels(page: Page, within?: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const root = selector ? document.querySelector(selector) : document.body;
    if (!root) return [];
    const headings = Array.from(
      root.querySelectorAll<HTMLElement>("h1, h2, h3, h4, h5, h6"),
    ).filter((h) => h.getClientRects().length > 0 && !h.closest("[aria-hidden=true]"));
    const skipped: string[] = [];
    // A page may open with an h2 before its h1 (the answers so far above the question); a
    // dialog starts at whatever level its title has.
    let previous = selector ? Number(headings[0]?.tagName.slice(1) ?? 1) - 1 : 1;
    for (const heading of headings) {
      const level = Number(heading.tagName.slice(1));
      if (level > previous + 1)
        skipped.push(`h${level} after h${previous}: "${heading.textContent?.trim().slice(0, 50)}"`);
      previous = level;
    }
    return skipped;
  }, within);
}
