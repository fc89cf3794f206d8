import { describe, expect, it } from "vitest";
import { sessionHasEnded, slidExpiry } from "./session-lifetime.ts";

const minute = 60 * 1000;
const hour = 60 * minute;
const t0 = new Date("2025-03-03T09:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describe("session lifetime", () => {
  it("ends a doctor session after 30 minutes without a request", () => {
    const session = { createdAt: t0, expiresAt: at(30 * minute) };
    expect(sessionHasEnded("doctor", session, at(29 * minute))).toBe(false);
    expect(sessionHasEnded("doctor", session, at(30 * minute))).toBe(true);
  });

  it("slides a doctor session on activity, but never past 12 hours", () => {
    const session = { createdAt: t0, expiresAt: at(30 * minute) };
    expect(slidExpiry("doctor", session, at(10 * minute))).toEqual(at(40 * minute));
    expect(slidExpiry("doctor", session, at(30 * 1000))).toBeNull();
    const late = { createdAt: t0, expiresAt: at(11 * hour + 50 * minute) };
    expect(slidExpiry("admin", late, at(11 * hour + 45 * minute))).toEqual(at(12 * hour));
    expect(
      sessionHasEnded("admin", { createdAt: t0, expiresAt: at(13 * hour) }, at(12 * hour)),
    ).toBe(true);
  });

  it("keeps an employer session 7 days from sign-in and never extends it", () => {
    const session = { createdAt: t0, expiresAt: at(7 * 24 * hour) };
    expect(slidExpiry("employer", session, at(6 * 24 * hour))).toBeNull();
    expect(sessionHasEnded("employer", session, at(7 * 24 * hour - 1))).toBe(false);
    expect(sessionHasEnded("employer", session, at(7 * 24 * hour))).toBe(true);
  });

  it("shortens a session whose stored expiry exceeds its role's limit", () => {
    const tooLong = { createdAt: t0, expiresAt: at(7 * 24 * hour) };
    expect(slidExpiry("doctor", tooLong, at(minute))).toEqual(at(31 * minute));
  });
});
