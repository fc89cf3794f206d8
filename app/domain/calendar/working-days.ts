/*
 * Working days in England and Wales: Monday to Friday, less the bank holidays, counted on the
 * calendar of Europe/London whatever the server's zone (docs/architecture.md §9).
 */

/**
 * Bank holidays in England and Wales, with their substitute days, as published at
 * https://www.gov.uk/bank-holidays. These years are taken as published, which is how one-off
 * holidays (a coronation, a jubilee) and moved ones are honoured; add each year when the
 * government announces it. Any other year follows the standing rules (`ruleBankHolidays`).
 */
export const publishedBankHolidays: ReadonlyMap<number, ReadonlySet<string>> = new Map([
  [
    2026,
    new Set([
      "2026-01-01",
      "2026-04-03",
      "2026-04-06",
      "2026-05-04",
      "2026-05-25",
      "2026-08-31",
      "2026-12-25",
      "2026-12-28",
    ]),
  ],
  [
    2027,
    new Set([
      "2027-01-01",
      "2027-03-26",
      "2027-03-29",
      "2027-05-03",
      "2027-05-31",
      "2027-08-30",
      "2027-12-27",
      "2027-12-28",
    ]),
  ],
  [
    2028,
    new Set([
      "2028-01-03",
      "2028-04-14",
      "2028-04-17",
      "2028-05-01",
      "2028-05-29",
      "2028-08-28",
      "2028-12-25",
      "2028-12-26",
    ]),
  ],
]);

const isoDate = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
const weekdayOf = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).getUTCDay(); // 0 Sunday … 6 Saturday

/** Easter Sunday of the Gregorian calendar (the anonymous algorithm of Meeus, Jones and Butcher). */
function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  return { month: Math.floor((h + l - 7 * m + 114) / 31), day: ((h + l - 7 * m + 114) % 31) + 1 };
}

/** The first (n = 1) or last (n = -1) Monday of a month. */
function monday(year: number, month: number, n: 1 | -1): string {
  if (n === 1) return isoDate(year, month, 1 + ((8 - weekdayOf(year, month, 1)) % 7));
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return isoDate(year, month, last - ((weekdayOf(year, month, last) + 6) % 7));
}

/**
 * The standing rules (Banking and Financial Dealings Act 1971 and the annual proclamations):
 * New Year's Day, Good Friday, Easter Monday, the first and last Mondays of May, the last Monday
 * of August, Christmas Day and Boxing Day, each falling on a weekend replaced by the next
 * weekday not already a holiday.
 */
export function ruleBankHolidays(year: number): Set<string> {
  const easter = easterSunday(year);
  const easterDay = (offset: number) => isoDate(year, easter.month, easter.day + offset);
  const newYear = weekdayOf(year, 1, 1);
  const christmas = weekdayOf(year, 12, 25);
  // Christmas on Saturday: Monday 27 and Tuesday 28; on Sunday: Monday 26 and Tuesday 27;
  // on Friday: Boxing Day moves to Monday 28.
  const christmasDays =
    christmas === 6 ? [27, 28] : christmas === 0 ? [26, 27] : christmas === 5 ? [25, 28] : [25, 26];
  return new Set([
    isoDate(year, 1, newYear === 6 ? 3 : newYear === 0 ? 2 : 1),
    easterDay(-2),
    easterDay(1),
    monday(year, 5, 1),
    monday(year, 5, -1),
    monday(year, 8, -1),
    ...christmasDays.map((day) => isoDate(year, 12, day)),
  ]);
}

const ruleYears = new Map<number, Set<string>>();

export function isBankHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  const published = publishedBankHolidays.get(year);
  if (published) return published.has(date);
  let holidays = ruleYears.get(year);
  if (!holidays) {
    holidays = ruleBankHolidays(year);
    ruleYears.set(year, holidays);
  }
  return holidays.has(date);
}

const londonDay = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  weekday: "short",
});

/** The London calendar date (YYYY-MM-DD) and weekday of an instant. */
function londonDate(instant: Date): { iso: string; weekday: string } {
  const parts = Object.fromEntries(londonDay.formatToParts(instant).map((p) => [p.type, p.value]));
  return { iso: `${parts.year}-${parts.month}-${parts.day}`, weekday: parts.weekday ?? "" };
}

export function isWorkingDay(instant: Date): boolean {
  const { iso, weekday } = londonDate(instant);
  return weekday !== "Sat" && weekday !== "Sun" && !isBankHoliday(iso);
}

/** `from` moved by `days` working days, keeping the time of day. */
export function addWorkingDays(from: Date, days: number): Date {
  const result = new Date(from.getTime());
  const step = days >= 0 ? 1 : -1;
  let left = Math.abs(days);
  while (left > 0) {
    result.setUTCDate(result.getUTCDate() + step);
    if (isWorkingDay(result)) left -= 1;
  }
  return result;
}
