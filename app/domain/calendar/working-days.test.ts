import { describe, expect, it } from "vitest";
import {
  addWorkingDays,
  isBankHoliday,
  isWorkingDay,
  publishedBankHolidays,
  ruleBankHolidays,
} from "./working-days.ts";

describe("addWorkingDays", () => {
  it.each([
    ["Thursday + 5 working days = the next Thursday", "2026-06-04T10:00:00Z", 5, "2026-06-11"],
    ["Saturday + 1 working day = Monday", "2026-06-06T10:00:00Z", 1, "2026-06-08"],
    ["Friday + 1 working day = Monday", "2026-06-05T10:00:00Z", 1, "2026-06-08"],
  ])("skips weekends: %s", (_, from, days, expected) => {
    expect(addWorkingDays(new Date(from), days).toISOString()).toBe(`${expected}T10:00:00.000Z`);
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

describe("bank holidays after the published years", () => {
  it("follow rules that give exactly the published dates of every published year", () => {
    for (const [year, published] of publishedBankHolidays)
      expect([...ruleBankHolidays(year)].sort()).toEqual([...published].sort());
  });

  it("match gov.uk for earlier years without one-off holidays", () => {
    // 2021: Christmas on Saturday, Boxing Day on Sunday. 2025: Easter on 20 April.
    expect([...ruleBankHolidays(2021)].sort()).toEqual([
      "2021-01-01",
      "2021-04-02",
      "2021-04-05",
      "2021-05-03",
      "2021-05-31",
      "2021-08-30",
      "2021-12-27",
      "2021-12-28",
    ]);
    expect([...ruleBankHolidays(2025)].sort()).toEqual([
      "2025-01-01",
      "2025-04-18",
      "2025-04-21",
      "2025-05-05",
      "2025-05-26",
      "2025-08-25",
      "2025-12-25",
      "2025-12-26",
    ]);
  });

  it("move New Year's Day and Christmas off weekends", () => {
    // 2033: New Year's Day on Saturday. 2034: on Sunday. 2022: Christmas on Sunday.
    expect(ruleBankHolidays(2033).has("2033-01-03")).toBe(true);
    expect(ruleBankHolidays(2034).has("2034-01-02")).toBe(true);
    expect([...ruleBankHolidays(2022)].filter((d) => d.startsWith("2022-12"))).toEqual([
      "2022-12-26",
      "2022-12-27",
    ]);
    // 2037: Christmas on Friday, Boxing Day moves to Monday 28.
    expect([...ruleBankHolidays(2037)].filter((d) => d.startsWith("2037-12"))).toEqual([
      "2037-12-25",
      "2037-12-28",
    ]);
  });

  it("are skipped by the working-day count in 2030 as in the published years", () => {
    expect(isBankHoliday("2030-04-19")).toBe(true); // Good Friday (Easter Sunday 21 April)
    expect(isBankHoliday("2030-04-22")).toBe(true); // Easter Monday
    expect(isBankHoliday("2030-04-23")).toBe(false);
    // Thursday 18 April 2030 + 1 working day = Tuesday 23 April.
    expect(addWorkingDays(new Date("2030-04-18T10:00:00Z"), 1).toISOString()).toBe(
      "2030-04-23T10:00:00.000Z",
    );
  });
});
