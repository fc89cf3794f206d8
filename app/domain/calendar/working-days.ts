/*
 * Working days in England and Wales: Monday to Friday, less the bank holidays, counted on the
 * calendar of Europe/London whatever the server's zone (DESIGN.md §9).
 */

/**
 * Bank holidays in England and Wales, with their substitute days, as published at
 * https://www.gov.uk/bank-holidays. Add each year when the government announces it; after the
 * last listed year only weekends are skipped.
 */
export const englandAndWalesBankHolidays: ReadonlySet<string> = new Set([
  // 2026
  "2026-01-01",
  "2026-04-03",
  "2026-04-06",
  "2026-05-04",
  "2026-05-25",
  "2026-08-31",
  "2026-12-25",
  "2026-12-28",
  // 2027
  "2027-01-01",
  "2027-03-26",
  "2027-03-29",
  "2027-05-03",
  "2027-05-31",
  "2027-08-30",
  "2027-12-27",
  "2027-12-28",
  // 2028
  "2028-01-03",
  "2028-04-14",
  "2028-04-17",
  "2028-05-01",
  "2028-05-29",
  "2028-08-28",
  "2028-12-25",
  "2028-12-26",
]);

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
  return weekday !== "Sat" && weekday !== "Sun" && !englandAndWalesBankHolidays.has(iso);
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
