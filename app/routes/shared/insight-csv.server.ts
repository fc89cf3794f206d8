import type { InsightChart } from "~/domain/insight/insight-chart.ts";
import { insightCsv } from "~/domain/insight/insight-csv.ts";
import { type InsightPeriod, readInsightPeriod } from "~/domain/insight/insight-period.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { csvDownload } from "~/middleware/responses.server.ts";

interface Insight {
  period: InsightPeriod;
  charts: readonly InsightChart[];
}

/**
 * An insight page's figures as a CSV download, for the period its query names: the employer's
 * insight and the clinical lead's. `read` is the page's own use case, so the export is suppressed
 * and audited exactly as the page is.
 */
export async function insightCsvDownload(
  request: Request,
  scope: Scope,
  read: (scope: Scope, period: InsightPeriod) => Promise<Insight>,
  name: { heading: string; file: string },
) {
  const { period } = readInsightPeriod(new URL(request.url).searchParams, scope.now);
  const insight = await read(scope, period);
  const { from, to } = insight.period.query;
  return csvDownload(
    insightCsv(`${name.heading}, ${insight.period.label}`, insight.charts),
    `${name.file}-${from}-to-${to}.csv`,
  );
}
