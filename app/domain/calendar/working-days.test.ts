import { describe, expect, it } from "vitest";
import { addWorkingDays, isWorkingDay } from "./working-days.ts";

describe("addWorkingDays", () => {
  it("skips weekends", () => {
    // Thursday 4 June 2026 + 5 working days = Thursday 11 June.
    expect(addWorkingDays(new Date("2026-06-04T10:00:00Z"), 5).toISOString()).toBe(
      "2026-06-11T10:00:00.000Z",
    );
    // Saturday + 1 working day = Monday.
    expect(addWorkingDays(new Date("2026-06-06T10:00:00Z"), 1).toISOString()).toBe(
      "2026-06-08T10:00:00.000Z",
    );
    // Friday + 1 = Monday.
    expect(addWorkingDays(new Date("2026-06-05T10:00:00Z"), 1).toISOString()).toBe(
      "2026-06-08T10:00:00.000Z",
    );
  });

  it("skips Good Friday and Easter Monday", () => {
    const thursday = new Date("2027-03-25T09:00:00Z");
    expect(addWorkingDays(thursday, 1).toISOString()).toBe("2027-03-30T09:00:00.000Z");
  });

  it("counts days on the London calendar: 23:30 UTC on a summer Friday is already Saturday", () => {
    const lateFriday = new Date("2026-07-10T23:30:00Z"); // 00:30 on Saturday 11 July in London
    expect(addWorkingDays(lateFriday, 1).toISOString()).toBe("2026-07-12T23:30:00.000Z"); // Mon 00:30
  });

  it("knows each year's bank holidays, and only those, up to the last year listed", () => {
    expect(isWorkingDay(new Date("2026-08-31T12:00:00Z"))).toBe(false); // summer bank holiday
    expect(isWorkingDay(new Date("2028-12-26T12:00:00Z"))).toBe(false); // Boxing Day
    expect(isWorkingDay(new Date("2026-12-24T12:00:00Z"))).toBe(true); // Christmas Eve
    expect(isWorkingDay(new Date("2026-08-28T12:00:00Z"))).toBe(true); // the Friday before
  });
});
