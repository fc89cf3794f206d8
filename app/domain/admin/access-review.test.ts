import { subDays } from "date-fns";
import { describe, expect, it } from "vitest";
import { isInactive } from "./access-review.ts";

const now = new Date("2026-11-22T12:00:00Z");

describe("isInactive", () => {
  it("flags an account last used 90 days ago or more", () => {
    const createdAt = subDays(now, 400);
    expect(isInactive({ lastSignInAt: subDays(now, 89), createdAt }, now)).toBe(false);
    expect(isInactive({ lastSignInAt: subDays(now, 90), createdAt }, now)).toBe(true);
  });

  it("counts a never-used account from its creation", () => {
    expect(isInactive({ lastSignInAt: null, createdAt: subDays(now, 10) }, now)).toBe(false);
    expect(isInactive({ lastSignInAt: null, createdAt: subDays(now, 120) }, now)).toBe(true);
  });
});
