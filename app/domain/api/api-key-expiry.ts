import { TZDate } from "@date-fns/tz";

/**
 * A key's last day, as the person chose it on the form, ends at midnight UK time: it stops
 * working at the start of the next London day. An empty choice never expires.
 */
export function apiKeyExpiry(lastDay: string): Date | null {
  if (!lastDay) return null;
  const [y, m, d] = lastDay.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d + 1, 0, 0, 0, "Europe/London").getTime());
}
