import { describe, expect, it } from "vitest";
import { DEFAULT_RETENTION, ruleFor } from "./retention-policy.ts";

const now = new Date("2027-06-30T12:00:00Z");
const at = (iso: string) => new Date(iso);

describe("retention rules", () => {
  it("keeps pre-employment health data 12 months after the outcome", () => {
    const c = { type: "pre_employment" as const, status: "complete" };
    expect(
      ruleFor({ ...c, clockStartedAt: at("2026-06-30T12:00:00Z") }, DEFAULT_RETENTION, now),
    ).toBe("pre_employment_outcome");
    expect(
      ruleFor({ ...c, clockStartedAt: at("2026-07-01T12:00:00Z") }, DEFAULT_RETENTION, now),
    ).toBeNull();
  });

  it("keeps a management referral 6 years after completion", () => {
    const c = { type: "management" as const, status: "withheld" };
    expect(
      ruleFor({ ...c, clockStartedAt: at("2021-06-30T12:00:00Z") }, DEFAULT_RETENTION, now),
    ).toBe("management_completion");
    expect(
      ruleFor({ ...c, clockStartedAt: at("2022-01-01T00:00:00Z") }, DEFAULT_RETENTION, now),
    ).toBeNull();
  });

  it("erases an abandoned invitation after 90 days, whatever the type", () => {
    expect(
      ruleFor(
        { type: "management", status: "expired", clockStartedAt: at("2027-03-31T12:00:00Z") },
        DEFAULT_RETENTION,
        now,
      ),
    ).toBe("abandoned_invitation");
    expect(
      ruleFor(
        { type: "pre_employment", status: "cancelled", clockStartedAt: at("2027-04-02T00:00:00Z") },
        DEFAULT_RETENTION,
        now,
      ),
    ).toBeNull();
  });

  it("never touches a case still in progress, however old", () => {
    for (const status of [
      "draft",
      "invited",
      "in_progress",
      "submitted",
      "in_review",
      "awaiting_subject",
    ]) {
      expect(
        ruleFor(
          { type: "management", status, clockStartedAt: at("2000-01-01T00:00:00Z") },
          DEFAULT_RETENTION,
          now,
        ),
      ).toBeNull();
    }
  });

  it("follows configured periods", () => {
    expect(
      ruleFor(
        { type: "pre_employment", status: "complete", clockStartedAt: at("2027-05-01T00:00:00Z") },
        { ...DEFAULT_RETENTION, preEmploymentMonths: 1 },
        now,
      ),
    ).toBe("pre_employment_outcome");
  });
});
