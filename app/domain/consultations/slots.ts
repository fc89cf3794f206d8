import {
  addDaysToDate,
  isoWeekday,
  type LondonDate,
  londonDateOf,
  londonWallTimeToInstant,
} from "./london-time.ts";

export interface WeeklyHours {
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
  /** Minutes after London midnight. */
  startMinute: number;
  endMinute: number;
}

export interface DaysOff {
  startDate: LondonDate;
  endDate: LondonDate;
}

interface SlotQuery {
  hours: readonly WeeklyHours[];
  daysOff: readonly DaysOff[];
  /** Slots starting before this instant are not offered (give the subject time to answer). */
  from: Date;
  /** How many London days from `from`'s date to look at. */
  days: number;
  slotMinutes?: number;
  /** Start times already booked with this doctor. */
  taken?: readonly Date[];
}

/**
 * The consultation start times a doctor can offer: each weekly period cut into slots on London
 * wall-clock time, so a 09:00 slot stays at 09:00 in London across the clock changes (08:00 UTC
 * in summer, 09:00 UTC in winter). A slot whose wall time does not exist (the hour skipped in
 * March) is left out; in the October hour that happens twice, a slot is offered once.
 */
export function generateSlots(query: SlotQuery): Date[] {
  const slotMinutes = query.slotMinutes ?? 30;
  const taken = new Set((query.taken ?? []).map((d) => d.getTime()));
  const seen = new Set<number>();
  const slots: Date[] = [];
  const firstDate = londonDateOf(query.from);
  for (let i = 0; i < query.days; i++) {
    const date = addDaysToDate(firstDate, i);
    if (query.daysOff.some((off) => off.startDate <= date && date <= off.endDate)) continue;
    const weekday = isoWeekday(date);
    for (const period of query.hours.filter((h) => h.weekday === weekday)) {
      for (let m = period.startMinute; m + slotMinutes <= period.endMinute; m += slotMinutes) {
        const start = londonWallTimeToInstant(date, m);
        if (!start) continue;
        const t = start.getTime();
        if (t < query.from.getTime() || taken.has(t) || seen.has(t)) continue;
        seen.add(t);
        slots.push(start);
      }
    }
  }
  return slots.sort((a, b) => a.getTime() - b.getTime());
}

/** A period is kept only when it is a real stretch of one day. */
export function validWeeklyHours(hours: WeeklyHours): boolean {
  return (
    Number.isInteger(hours.weekday) &&
    hours.weekday >= 1 &&
    hours.weekday <= 7 &&
    hours.startMinute >= 0 &&
    hours.endMinute <= 24 * 60 &&
    hours.startMinute < hours.endMinute
  );
}
