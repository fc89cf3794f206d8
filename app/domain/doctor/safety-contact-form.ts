import { z } from "zod";
import { contactMethods, contactOutcomes } from "~/db/schema/doctor-review.ts";

export const contactMethodLabels: Record<(typeof contactMethods)[number], string> = {
  phone: "Phone call",
  sms: "Text message",
  email: "E-mail",
  video: "Video call",
  other: "Other",
};

export const contactOutcomeLabels: Record<(typeof contactOutcomes)[number], string> = {
  reached: "Reached the person",
  no_answer: "No answer",
  left_message: "Left a message",
  wrong_number: "Wrong or unobtainable number",
  other: "Other",
};

/** How far back an attempt may be logged: a doctor records a call just made, not last month's. */
const MAX_BACKDATE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * One contact attempt as the doctor posts it. `attemptedAt` is London wall-clock time from a
 * `datetime-local` field, or empty for "now"; it may not be in the future (2 minutes' grace for
 * clocks) nor more than 7 days back.
 */
export function contactAttemptSchema(now: Date) {
  return z.object({
    method: z.enum(contactMethods, { message: "Choose how you tried to reach the person." }),
    outcome: z.enum(contactOutcomes, { message: "Choose what happened." }),
    attemptedAt: z
      .string()
      .trim()
      .optional()
      .transform((value, ctx) => {
        if (!value) return now;
        const at = londonLocalToDate(value);
        if (!at) {
          ctx.addIssue({ code: "custom", message: "Enter the time as a date and time." });
          return z.NEVER;
        }
        if (at.getTime() > now.getTime() + 2 * 60_000) {
          ctx.addIssue({
            code: "custom",
            message: "The time of the attempt cannot be in the future.",
          });
          return z.NEVER;
        }
        if (at.getTime() < now.getTime() - MAX_BACKDATE_MS) {
          ctx.addIssue({ code: "custom", message: "Record attempts made within the last 7 days." });
          return z.NEVER;
        }
        return at;
      }),
    note: z
      .string()
      .trim()
      .max(2000, { message: "Keep the note under 2000 characters." })
      .optional()
      .transform((v) => (v ? v : null)),
  });
}

const londonWallTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "2026-03-28T14:05" in Europe/London to the instant it names, or null when malformed. */
function londonLocalToDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(asUtc)) return null;
  // London is UTC or UTC+1: try both offsets and keep the one that reads back as the same wall time.
  for (const offsetHours of [0, 1]) {
    const candidate = new Date(asUtc - offsetHours * 3_600_000);
    const parts = londonWallTime.formatToParts(candidate);
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    if (
      get("year") === y &&
      get("month") === mo &&
      get("day") === d &&
      get("hour") === h &&
      get("minute") === mi
    )
      return candidate;
  }
  return null;
}
