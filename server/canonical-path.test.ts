import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalPath } from "./canonical-path.ts";

describe("canonical path", () => {
  it("drops the trailing slash and keeps the query", () => {
    expect(canonicalPath("/register-interest/")).toBe("/register-interest");
    expect(canonicalPath("/register-interest//?ref=home")).toBe("/register-interest?ref=home");
    expect(canonicalPath("/employer-referrals/?status=draft")).toBe(
      "/employer-referrals?status=draft",
    );
  });

  it("leaves the home page and addresses without a trailing slash alone", () => {
    expect(canonicalPath("/")).toBeNull();
    expect(canonicalPath("/?notice=signed-out")).toBeNull();
    expect(canonicalPath("/register-interest")).toBeNull();
    expect(canonicalPath("/login?redirectTo=/employer-dashboard/")).toBeNull();
  });

  it("never redirects to another site", () => {
    expect(canonicalPath("//evil.example/")).toBe("/evil.example");
    expect(canonicalPath("/\\evil.example/")).toBe("/evil.example");
    fc.assert(
      // Addresses built from the characters that matter here: slashes, dots, a query, escapes.
      fc.property(
        fc.array(fc.constantFrom("/", "/", "a", ".", "?", "%2F", "\\", "b=/"), { maxLength: 30 }),
        (parts) => {
          const url = `/${parts.join("")}`;
          const target = canonicalPath(url);
          if (target === null) return;
          expect(target.startsWith("/")).toBe(true);
          // Browsers read a backslash in a Location as a slash: "/\host" is "//host" to them.
          expect(/^\/[/\\]/.test(target)).toBe(false);
          const targetPath = target.split("?")[0]!;
          expect(targetPath === "/" || !targetPath.endsWith("/")).toBe(true);
        },
      ),
    );
  });
});
