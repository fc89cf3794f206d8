import { describe, expect, it } from "vitest";
import { insightPeriod, monthLabel } from "./insight-period.ts";

describe("monthLabel", () => {
  it("names a counted month, long or short, in UTC as months are counted", () => {
    expect(monthLabel("2026-03-01")).toBe("March 2026");
    expect(monthLabel("2026-03-01", "short")).toBe("Mar 2026");
    expect(monthLabel("2025-12-01", "short")).toBe("Dec 2025");
    // The formats are kept between calls: asking for one style does not change the other.
    expect(monthLabel("2026-01-01", "long")).toBe("January 2026");
  });
});

describe("insightPeriod", () => {
  it("labels the last months ending with the current one", () => {
    const period = insightPeriod({ period: "3" }, new Date("2026-11-30T12:00:00Z"));
    expect(period.months).toEqual(["2026-09-01", "2026-10-01", "2026-11-01"]);
    expect(period.label).toBe("The last 3 months (September 2026 to November 2026)");
  });

  it("labels a custom range by its first and last months", () => {
    const period = insightPeriod(
      { period: "custom", from: "2025-11", to: "2026-02" },
      new Date("2026-11-30T12:00:00Z"),
    );
    expect(period.months).toHaveLength(4);
    expect(period.label).toBe("November 2025 to February 2026");
  });
});
