import { describe, expect, it } from "vitest";
import { formatConsultationTime, londonWallTimeToInstant } from "./london-time.ts";
import { generateSlots } from "./slots.ts";

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe("London wall-clock time", () => {
  it("is UTC in winter and UTC+1 in summer", () => {
    expect(londonWallTimeToInstant("2026-01-12", 9 * 60)?.toISOString()).toBe(
      "2026-01-12T09:00:00.000Z",
    );
    expect(londonWallTimeToInstant("2026-07-13", 9 * 60)?.toISOString()).toBe(
      "2026-07-13T08:00:00.000Z",
    );
  });

  it("has no 01:30 on the March change day and two on the October one (the first is taken)", () => {
    expect(londonWallTimeToInstant("2026-03-29", 90)).toBeNull();
    expect(londonWallTimeToInstant("2026-03-29", 120)?.toISOString()).toBe(
      "2026-03-29T01:00:00.000Z",
    );
    expect(londonWallTimeToInstant("2026-10-25", 90)?.toISOString()).toBe(
      "2026-10-25T00:30:00.000Z",
    );
    expect(londonWallTimeToInstant("2026-10-25", 120)?.toISOString()).toBe(
      "2026-10-25T02:00:00.000Z",
    );
  });

  it("formats in UK time whatever the instant", () => {
    expect(formatConsultationTime(new Date("2026-03-30T08:30:00Z"))).toBe(
      "Monday 30 March 2026 at 09:30 (UK time)",
    );
  });
});

describe("generateSlots", () => {
  it("keeps a Friday 09:00 slot at 09:00 London across the March change", () => {
    const slots = generateSlots({
      hours: [{ weekday: 5, startMinute: 9 * 60, endMinute: 10 * 60 }],
      daysOff: [],
      from: new Date("2026-03-23T00:00:00Z"),
      days: 14,
    });
    expect(iso(slots)).toEqual([
      "2026-03-27T09:00:00.000Z",
      "2026-03-27T09:30:00.000Z",
      "2026-04-03T08:00:00.000Z",
      "2026-04-03T08:30:00.000Z",
    ]);
  });

  it("keeps a Monday 09:00 slot at 09:00 London across the October change", () => {
    const slots = generateSlots({
      hours: [{ weekday: 1, startMinute: 9 * 60, endMinute: 9 * 60 + 30 }],
      daysOff: [],
      from: new Date("2026-10-19T00:00:00Z"),
      days: 14,
    });
    expect(iso(slots)).toEqual(["2026-10-19T08:00:00.000Z", "2026-10-26T09:00:00.000Z"]);
  });

  it("skips the hour that does not exist in March and offers the repeated October hour once", () => {
    const night = [{ weekday: 7, startMinute: 0, endMinute: 3 * 60 }];
    const march = generateSlots({
      hours: night,
      daysOff: [],
      from: new Date("2026-03-28T12:00:00Z"),
      days: 1 + 1,
    });
    expect(iso(march)).toEqual([
      "2026-03-29T00:00:00.000Z",
      "2026-03-29T00:30:00.000Z",
      "2026-03-29T01:00:00.000Z",
      "2026-03-29T01:30:00.000Z",
    ]);
    const october = generateSlots({
      hours: night,
      daysOff: [],
      from: new Date("2026-10-24T12:00:00Z"),
      days: 2,
    });
    expect(iso(october)).toEqual([
      "2026-10-24T23:00:00.000Z",
      "2026-10-24T23:30:00.000Z",
      "2026-10-25T00:00:00.000Z",
      "2026-10-25T00:30:00.000Z",
      "2026-10-25T02:00:00.000Z",
      "2026-10-25T02:30:00.000Z",
    ]);
  });

  it("leaves out days off, taken slots and times already past", () => {
    const slots = generateSlots({
      hours: [
        { weekday: 2, startMinute: 14 * 60, endMinute: 15 * 60 },
        { weekday: 3, startMinute: 14 * 60, endMinute: 15 * 60 },
      ],
      daysOff: [{ startDate: "2026-01-14", endDate: "2026-01-14" }],
      from: new Date("2026-01-13T14:10:00Z"),
      days: 2,
      taken: [new Date("2026-01-13T14:30:00Z")],
    });
    expect(slots).toEqual([]);
    const next = generateSlots({
      hours: [{ weekday: 2, startMinute: 14 * 60, endMinute: 15 * 60 }],
      daysOff: [],
      from: new Date("2026-01-13T13:00:00Z"),
      days: 1,
      taken: [new Date("2026-01-13T14:30:00Z")],
    });
    expect(iso(next)).toEqual(["2026-01-13T14:00:00.000Z"]);
  });
});
