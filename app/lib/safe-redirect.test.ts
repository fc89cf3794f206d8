import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect, safeRedirectPath } from "./safe-redirect.ts";

/** Two origins the app could run on: the verdict must not depend on which. */
const origins = ["https://referoh.example", "http://localhost:3000"];

/** Pieces attackers splice together to make a browser leave the site. */
const hostile = [
  "/",
  "//",
  "\\",
  "/\\",
  "\\\\",
  "\t",
  "\n",
  "\r",
  " ",
  "\u0000",
  "\u00a0",
  "\u2028",
  "\ufeff",
  "%09",
  "%0a",
  "%0d",
  "%00",
  "%2f",
  "%2F",
  "%5c",
  "%2e",
  "%252f",
  ".",
  "..",
  "./",
  "../",
  "\u3002", // ideographic full stop
  "\uff0e", // fullwidth full stop
  "\uff0f", // fullwidth solidus
  "\u2024", // one dot leader
  "javascript:",
  "JaVaScRiPt:",
  "data:",
  "vbscript:",
  "http:",
  "https:",
  "http://",
  "https://",
  "evil.example",
  "evil\u3002example",
  "@evil.example",
  "user:pass@",
  "127.0.0.1",
  "[::1]",
  ":443",
  "?",
  "#",
  "&",
  "alert(1)",
  "employer-dashboard",
];

const hostileTarget = fc
  .array(fc.constantFrom(...hostile), { minLength: 1, maxLength: 8 })
  .map((parts) => parts.join(""));
const anyTarget = fc.oneof(
  hostileTarget,
  // Most tricks start as a path of this site.
  hostileTarget.map((rest) => `/${rest}`),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.tuple(hostileTarget, fc.string({ unit: "grapheme", maxLength: 10 })).map(([a, b]) => a + b),
);

function landsOn(target: string, origin: string) {
  return new URL(target, origin);
}

describe("safe redirect targets", () => {
  it("never leaves the site, whatever the target", () => {
    fc.assert(
      fc.property(anyTarget, (target) => {
        const safe = safeRedirectPath(target);
        if (safe === null) return;
        // A plain same-site path, as a valid header value (printable ASCII only).
        expect(safe).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
        for (const origin of origins) {
          expect(landsOn(safe, origin).origin).toBe(origin);
        }
        // Asking again changes nothing.
        expect(safeRedirectPath(safe)).toBe(safe);
      }),
      { numRuns: 5000 },
    );
  });

  it("refuses every target a browser would resolve to another origin", () => {
    fc.assert(
      fc.property(anyTarget, (target) => {
        let elsewhere = false;
        try {
          elsewhere = origins.some((origin) => landsOn(target, origin).origin !== origin);
        } catch {
          elsewhere = false;
        }
        if (elsewhere) expect(safeRedirectPath(target)).toBeNull();
      }),
      { numRuns: 5000 },
    );
  });

  it("keeps ordinary paths of the site exactly as they are", () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    const query = fc.option(
      fc.tuple(segment, segment).map(([k, v]) => `?${k}=${v}`),
      {
        nil: "",
      },
    );
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), query, (segments, q) => {
        const path = `/${segments.join("/")}${q}`;
        expect(safeRedirectPath(path)).toBe(path);
      }),
    );
  });

  it("handles the probe's targets and the classic tricks", () => {
    expect(safeRedirectPath("/\t/evil.example")).toBeNull();
    expect(safeRedirectPath("/\n/evil.example")).toBeNull();
    expect(safeRedirectPath("/\\evil.example")).toBeNull();
    expect(safeRedirectPath("//evil.example/x")).toBeNull();
    expect(safeRedirectPath("/.//evil.example")).toBeNull();
    expect(safeRedirectPath("/a/..//evil.example")).toBeNull();
    expect(safeRedirectPath("javascript:alert(1)")).toBeNull();
    expect(safeRedirectPath("https://evil.example")).toBeNull();
    expect(safeRedirectPath("/\u0000")).toBeNull();
    expect(safeRedirectPath("")).toBeNull();
    expect(safeRedirectPath(null)).toBeNull();
    expect(safeRedirectPath(["/employer-dashboard"])).toBeNull();
    // Percent-encoded characters stay encoded: the browser asks this site for that path.
    expect(safeRedirectPath("/%09/evil.example")).toBe("/%09/evil.example");
    // Non-ASCII is percent-encoded, so the Location header is always valid.
    expect(safeRedirectPath("/caf\u00e9")).toBe("/caf%C3%A9");
    expect(safeRedirectPath("/employer-dashboard?x=1")).toBe("/employer-dashboard?x=1");
    expect(safeRedirect("//evil.example", "/account")).toBe("/account");
  });
});
