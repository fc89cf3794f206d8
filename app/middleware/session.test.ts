import { describe, expect, it } from "vitest";
import { pagePath, safeRedirectPath } from "./session.server.ts";

describe("redirect safety", () => {
  it("keeps same-site paths and drops everything else", () => {
    expect(safeRedirectPath("/employer-dashboard?x=1")).toBe("/employer-dashboard?x=1");
    expect(safeRedirectPath("//evil.example/x")).toBeNull();
    expect(safeRedirectPath("/\\evil.example")).toBeNull();
    expect(safeRedirectPath("https://evil.example")).toBeNull();
    expect(safeRedirectPath("")).toBeNull();
    expect(safeRedirectPath(null)).toBeNull();
  });

  it("names the page a client-side data request is for", () => {
    expect(pagePath(new Request("http://x/account/two-factor.data?required=1&_routes=a"))).toEqual({
      pathname: "/account/two-factor",
      search: "?required=1",
    });
    expect(pagePath(new Request("http://x/_root.data"))).toEqual({ pathname: "/", search: "" });
    expect(pagePath(new Request("http://x/referrals"))).toEqual({
      pathname: "/referrals",
      search: "",
    });
  });
});
