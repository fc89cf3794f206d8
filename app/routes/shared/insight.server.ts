import type { InsightChart } from "~/domain/insight/insight-chart.ts";
import { insightCsv } from "~/domain/insight/insight-csv.ts";
import { type InsightPeriod, readInsightPeriod } from "~/domain/insight/insight-period.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { csvDownload } from "~/middleware/responses.server.ts";

/*
 * The two insight pages, the employer's and the clinical lead's, and their CSVs, each read through
 * the page's own use case (`read`), so a page and its export are suppressed and audited alike.
 */

interface Insight {
  period: InsightPeriod;
  charts: readonly InsightChart[];
}

/** An insight page's figures for the period its query names, and how the period form read. */
export async function readInsight<I extends Insight>(
  request: Request,
  scope: Scope,
  read: (scope: Scope, period: InsightPeriod) => Promise<I>,
) {
  const { period, periodResult } = readInsightPeriod(new URL(request.url).searchParams, scope.now);
  return { insight: await read(scope, period), periodResult };
}

/** An insight page's figures as a CSV download, for the period shown. */
export async function insightCsvDownload(
  request: Request,
  scope: Scope,
  read: (scope: Scope, period: InsightPeriod) => Promise<Insight>,
  name: { heading: string; file: string },
) {
  const { insight } = await readInsight(request, scope, read);
  const { from, to } = insight.period.query;
  return csvDownload(
    insightCsv(`${name.heading}, ${insight.period.label}`, insight.charts),
    `${name.file}-${from}-to-${to}.csv`,
  );
}
