import { describe, expect, it } from "vitest";
import { reviewDueAt, reviewReminderAt } from "./review-window.ts";

describe("review window", () => {
  it("counts five working days from a Monday to the next Monday", () => {
    const monday = new Date("2026-11-16T10:00:00Z");
    expect(reviewDueAt(monday, 5).toISOString()).toBe("2026-11-23T10:00:00.000Z");
  });

  it("skips the weekend when sent on a Friday", () => {
    const friday = new Date("2026-11-20T09:30:00Z");
    expect(reviewDueAt(friday, 5).toISOString()).toBe("2026-11-27T09:30:00.000Z");
  });

  it("puts the reminder two working days before the end", () => {
    const due = new Date("2026-11-23T10:00:00Z"); // Monday
    expect(reviewReminderAt(due).toISOString()).toBe("2026-11-19T10:00:00.000Z"); // Thursday
  });

  it("skips Christmas, its substitute day and New Year's Day", () => {
    const christmasEve = new Date("2026-12-24T11:00:00Z"); // Thursday
    // 25 Dec (Fri) and 28 Dec (Mon, for Boxing Day on a Saturday) and 1 Jan are bank holidays.
    expect(reviewDueAt(christmasEve, 5).toISOString()).toBe("2027-01-05T11:00:00.000Z");
    expect(reviewReminderAt(new Date("2026-12-29T11:00:00Z")).toISOString()).toBe(
      "2026-12-23T11:00:00.000Z",
    );
  });
});
