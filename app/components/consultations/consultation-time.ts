export { formatConsultationTime } from "~/domain/consultations/london-time.ts";

import { ukDateFormat } from "~/lib/dates.ts";

const dayFormat = ukDateFormat({
  weekday: "long",
  day: "numeric",
  month: "long",
});
const timeFormat = ukDateFormat({
  hour: "2-digit",
  minute: "2-digit",
});

/** Slots grouped by their London day, for pickers. */
export function groupByLondonDay(
  isoTimes: string[],
): { day: string; times: { iso: string; label: string }[] }[] {
  const groups = new Map<string, { iso: string; label: string }[]>();
  for (const iso of isoTimes) {
    const date = new Date(iso);
    const day = dayFormat.format(date);
    const list = groups.get(day) ?? [];
    list.push({ iso, label: timeFormat.format(date) });
    groups.set(day, list);
  }
  return [...groups].map(([day, times]) => ({ day, times }));
}
