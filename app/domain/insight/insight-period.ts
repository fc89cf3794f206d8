import { z } from "zod";
import { readListQuery } from "~/domain/admin/list-filters.ts";

/**
 * The period an insight page covers (GET ?period=3|6|12|custom&from=YYYY-MM&to=YYYY-MM): the
 * last 3, 6 or 12 calendar months up to this one, or a custom range of whole months. The counts
 * are kept by month (app/db/schema/insight.ts), so a custom range is of months too.
 */
const INSIGHT_MAX_MONTHS = 36;

const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Give a month, such as 2026-01.")
  .optional()
  .or(z.literal("").transform(() => undefined));

export const insightPeriodSchema = z
  .object({
    period: z.enum(["3", "6", "12", "custom"]).catch("12"),
    from: month,
    to: month,
  })
  .superRefine((value, ctx) => {
    if (value.period !== "custom") return;
    if (!value.from)
      ctx.addIssue({ code: "custom", path: ["from"], message: "Give the first month." });
    if (!value.to) ctx.addIssue({ code: "custom", path: ["to"], message: "Give the last month." });
    if (value.from && value.to) {
      const span = monthIndex(value.to) - monthIndex(value.from) + 1;
      if (span < 1)
        ctx.addIssue({
          code: "custom",
          path: ["to"],
          message: "The last month cannot be before the first.",
        });
      else if (span > INSIGHT_MAX_MONTHS)
        ctx.addIssue({
          code: "custom",
          path: ["to"],
          message: `Choose ${INSIGHT_MAX_MONTHS} months or fewer.`,
        });
    }
  });
type InsightPeriodQuery = z.output<typeof insightPeriodSchema>;

export interface InsightPeriod {
  /** What the page says it covers. */
  label: string;
  query: { period: "3" | "6" | "12" | "custom"; from: string; to: string };
  /** The first day of each month covered, oldest first (YYYY-MM-01). */
  months: string[];
}

function monthIndex(yyyyMm: string): number {
  const [y, m] = yyyyMm.split("-").map(Number);
  return (y ?? 0) * 12 + ((m ?? 1) - 1);
}

function monthOf(index: number): string {
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}`;
}

// Made once: `toLocaleDateString` with options builds a formatter on every call, and an insight
// page labels every month of every chart.
const monthFormats = {
  long: new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }),
  short: new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" }),
};

/** "March 2026" for 2026-03-01 (months are UTC, as counted). */
export function monthLabel(firstDay: string, style: "long" | "short" = "long"): string {
  return monthFormats[style].format(new Date(`${firstDay.slice(0, 7)}-01T00:00:00Z`));
}

/** The months a query covers; a custom range that does not read falls back to 12 months. */
export function insightPeriod(query: InsightPeriodQuery, now: Date): InsightPeriod {
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  let first: number;
  let last: number;
  let period = query.period;
  const custom =
    period === "custom" && query.from && query.to
      ? { from: monthIndex(query.from), to: monthIndex(query.to) }
      : null;
  if (custom && custom.to >= custom.from && custom.to - custom.from < INSIGHT_MAX_MONTHS) {
    first = custom.from;
    last = custom.to;
  } else {
    if (period === "custom") period = "12";
    last = current;
    first = current - Number(period) + 1;
  }
  const months = Array.from({ length: last - first + 1 }, (_, i) => `${monthOf(first + i)}-01`);
  const from = monthOf(first);
  const to = monthOf(last);
  const label =
    period === "custom"
      ? `${monthLabel(`${from}-01`)} to ${monthLabel(`${to}-01`)}`
      : `The last ${period} months (${monthLabel(`${from}-01`)} to ${monthLabel(`${to}-01`)})`;
  return { label, query: { period, from, to }, months };
}

/**
 * An insight page's period from its query string (a loader's or a CSV export's): the months to
 * show, and what the period form shows of a field that did not read.
 */
export function readInsightPeriod(params: URLSearchParams, now: Date) {
  const { query, result } = readListQuery(params, insightPeriodSchema);
  return { period: insightPeriod(query, now), periodResult: result };
}
