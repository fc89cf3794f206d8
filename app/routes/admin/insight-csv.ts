import { getClinicalInsight } from "~/domain/insight/get-clinical-insight.server.ts";
import { insightCsv } from "~/domain/insight/insight-csv.ts";
import { readInsightPeriod } from "~/domain/insight/insight-period.ts";
import type { Route } from "./+types/insight-csv";
import { adminScope } from "./admin-scope.server.ts";

/** The clinical insight's figures as CSV, suppressed as on the page; the read is audited. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = adminScope(context);
  const { period } = readInsightPeriod(new URL(request.url).searchParams, scope.now);
  const insight = await getClinicalInsight(scope, period);
  const { from, to } = insight.period.query;
  return new Response(
    insightCsv(`ReferOH clinical insight, ${insight.period.label}`, insight.charts),
    {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="clinical-insight-${from}-to-${to}.csv"`,
      },
    },
  );
}
