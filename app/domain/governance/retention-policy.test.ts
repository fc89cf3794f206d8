import { describe, expect, it } from "vitest";
import { DEFAULT_RETENTION, ruleFor } from "./retention-policy.ts";

const now = new Date("2027-06-30T12:00:00Z");
const at = (iso: string) => new Date(iso);

/** The default policy's rule for a case of this type and status whose clock started at `iso`. */
const defaultRule = (type: "pre_employment" | "management", status: string, iso: string) =>
  ruleFor({ type, status, clockStartedAt: at(iso) }, DEFAULT_RETENTION, now);

describe("retention rules", () => {
  it("keeps pre-employment health data 12 months after the outcome", () => {
    expect(defaultRule("pre_employment", "complete", "2026-06-30T12:00:00Z")).toBe(
      "pre_employment_outcome",
    );
    expect(defaultRule("pre_employment", "complete", "2026-07-01T12:00:00Z")).toBeNull();
  });

  it("keeps a management referral 6 years after completion", () => {
    expect(defaultRule("management", "withheld", "2021-06-30T12:00:00Z")).toBe(
      "management_completion",
    );
    expect(defaultRule("management", "withheld", "2022-01-01T00:00:00Z")).toBeNull();
  });

  it("erases an abandoned invitation after 90 days, whatever the type", () => {
    expect(defaultRule("management", "expired", "2027-03-31T12:00:00Z")).toBe(
      "abandoned_invitation",
    );
    expect(defaultRule("pre_employment", "cancelled", "2027-04-02T00:00:00Z")).toBeNull();
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
      expect(defaultRule("management", status, "2000-01-01T00:00:00Z")).toBeNull();
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
