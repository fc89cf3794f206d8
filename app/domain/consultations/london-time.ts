import { tzOffset } from "@date-fns/tz";

/** Every consultation time is agreed in UK time, whatever the browser's own time zone. */
const CONSULTATION_TIME_ZONE = "Europe/London";

const HOUR = 3_600_000;

/** A London calendar date as `YYYY-MM-DD`. */
export type LondonDate = string;

function parseDate(value: LondonDate): { y: number; m: number; d: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) throw new Error(`Not a date: ${value}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

/**
 * The instant a London wall-clock time happens. At the spring change a time such as 01:30 does
 * not exist (null); at the autumn change 01:30 happens twice and the first (BST) one is taken.
 */
export function londonWallTimeToInstant(date: LondonDate, minuteOfDay: number): Date | null {
  const { y, m, d } = parseDate(date);
  const asUtc = Date.UTC(y, m - 1, d, 0, minuteOfDay);
  const offsets = new Set([
    tzOffset(CONSULTATION_TIME_ZONE, new Date(asUtc - 3 * HOUR)),
    tzOffset(CONSULTATION_TIME_ZONE, new Date(asUtc + 3 * HOUR)),
  ]);
  const valid = [...offsets]
    .map((offset) => asUtc - offset * 60_000)
    .filter(
      (instant) => tzOffset(CONSULTATION_TIME_ZONE, new Date(instant)) * 60_000 === asUtc - instant,
    )
    .sort((a, b) => a - b);
  return valid.length ? new Date(valid[0]!) : null;
}

/** The London date of an instant. */
export function londonDateOf(instant: Date): LondonDate {
  const shifted = new Date(instant.getTime() + tzOffset(CONSULTATION_TIME_ZONE, instant) * 60_000);
  return shifted.toISOString().slice(0, 10);
}

/** ISO weekday (1 Monday … 7 Sunday) of a London date. */
export function isoWeekday(date: LondonDate): number {
  const { y, m, d } = parseDate(date);
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

export function addDaysToDate(date: LondonDate, days: number): LondonDate {
  const { y, m, d } = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const longFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: CONSULTATION_TIME_ZONE,
});

/** "Monday 30 March 2026 at 09:30 (UK time)": how every page and e-mail shows a consultation. */
export function formatConsultationTime(instant: Date): string {
  const parts = Object.fromEntries(longFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year} at ${parts.hour}:${parts.minute} (UK time)`;
}

export function formatMinute(minuteOfDay: number): string {
  const h = Math.floor(minuteOfDay / 60);
  const m = minuteOfDay % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** "09:30" → 570; null for anything that is not a time of day. */
export function parseMinute(value: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  if (!match) return value.trim() === "24:00" ? 1440 : null;
  return Number(match[1]) * 60 + Number(match[2]);
}
