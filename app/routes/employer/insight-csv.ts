import { getEmployerInsight } from "~/domain/insight/get-employer-insight.server.ts";
import { insightCsv } from "~/domain/insight/insight-csv.ts";
import { readInsightPeriod } from "~/domain/insight/insight-period.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/insight-csv";

/** The insight page's figures as CSV, suppressed as on the page; the read is audited as the page's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = currentScope(context);
  const { period } = readInsightPeriod(new URL(request.url).searchParams, scope.now);
  const insight = await getEmployerInsight(scope, period);
  const { from, to } = insight.period.query;
  return new Response(insightCsv(`ReferOH insight, ${insight.period.label}`, insight.charts), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="insight-${from}-to-${to}.csv"`,
    },
  });
}
