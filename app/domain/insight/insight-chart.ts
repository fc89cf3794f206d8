import {
  type ShownCount,
  type SuppressedBreakdown,
  shownCountText,
} from "./suppress-small-counts.ts";

/**
 * One chart of an insight page as data: what the chart, its "Show as table" table and the CSV
 * export all draw from, so the three cannot disagree. It holds categories and counts only, never
 * a name or a reference (docs/architecture.md, "Management information").
 */
export interface InsightChart {
  id: string;
  /** The chart's accessible name and heading. */
  title: string;
  /** One sentence saying what the chart shows, read before it. */
  summary: string;
  /** What a cell counts: people; hours; pounds (whole pence); credits. */
  unit: "people" | "hours" | "pence" | "credits";
  /** Stacked when the series add up to the row (types of referral); side by side otherwise. */
  stacked: boolean;
  series: { key: string; label: string }[];
  rows: InsightRow[];
  /** The row total's column, where the series add up to it. */
  rowTotals: boolean;
  /** Reference lines across the chart, such as the promised turnaround. */
  references?: { value: number; label: string }[];
  /** Said under the table: how the figures were worked out. */
  note?: string;
}

export interface InsightRow {
  key: string;
  label: string;
  cells: ShownCount[];
  total?: ShownCount;
}

export const shownValue = (value: number): ShownCount => ({ suppressed: false, value });

/** A suppressed breakdown as one row per cell (a category chart of one series). */
export function breakdownRows(
  breakdown: SuppressedBreakdown<string>,
  labels: Record<string, string>,
): InsightRow[] {
  return breakdown.cells.map((cell) => ({
    key: cell.key,
    label: labels[cell.key] ?? cell.key,
    cells: [cell.shown],
  }));
}

/** A cell in words, in the chart's unit. */
export function cellText(count: ShownCount, unit: InsightChart["unit"]): string {
  if (count.suppressed) return shownCountText(count);
  switch (unit) {
    case "pence":
      return (count.value / 100).toLocaleString("en-GB", {
        style: "currency",
        currency: "GBP",
        maximumFractionDigits: 0,
      });
    case "hours":
      return `${count.value} h`;
    default:
      return count.value.toLocaleString("en-GB");
  }
}
