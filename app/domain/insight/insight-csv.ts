import { csvLine } from "~/domain/admin/csv.ts";
import { cellText, type InsightChart } from "./insight-chart.ts";

/**
 * An insight page as CSV: one line per chart, row and series, with the same words the tables
 * show, so a suppressed cell reads "fewer than 5" here too and no export carries more than the
 * page (docs/architecture.md, "Management information").
 */
export function insightCsv(heading: string, charts: readonly InsightChart[]): string {
  let csv = csvLine([heading]);
  csv += csvLine(["Chart", "Row", "Series", "Value", "Unit"]);
  for (const chart of charts) {
    const unit = { people: "people", hours: "hours", pence: "GBP", credits: "credits" }[chart.unit];
    for (const row of chart.rows) {
      chart.series.forEach((series, i) => {
        const cell = row.cells[i];
        if (cell)
          csv += csvLine([chart.title, row.label, series.label, cellText(cell, chart.unit), unit]);
      });
      if (chart.rowTotals && row.total)
        csv += csvLine([chart.title, row.label, "Total", cellText(row.total, chart.unit), unit]);
    }
  }
  return csv;
}
