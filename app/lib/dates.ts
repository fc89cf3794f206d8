/** An en-GB date format in UK time, whatever the server's zone (docs/architecture.md §9). */
export function ukDateFormat(options: Omit<Intl.DateTimeFormatOptions, "timeZone">) {
  return new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "Europe/London" });
}

/** A formatter of dates given as a Date or as an ISO string (a loader's JSON). */
function dateFormatter(options: Omit<Intl.DateTimeFormatOptions, "timeZone">) {
  const format = ukDateFormat(options);
  return (value: Date | string): string => format.format(new Date(value));
}

/** "02/03/2026" */
export const formatShortDate = dateFormatter({ day: "2-digit", month: "2-digit", year: "numeric" });
/** "2 March 2026" */
export const formatLongDate = dateFormatter({ day: "numeric", month: "long", year: "numeric" });
/** "Monday, 2 March 2026": a date someone must act by, in an e-mail. */
export const formatLongDateWithDay = dateFormatter({
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
/** "2 Mar 2026, 14:05" */
export const formatDateTime = dateFormatter({
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
