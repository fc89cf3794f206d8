import { Link } from "react-router";
import {
  InsightCsvLink,
  InsightPeriodAndCharts,
} from "~/components/insight/insight-period-form.tsx";
import { getEmployerInsight } from "~/domain/insight/get-employer-insight.server.ts";
import { readInsightPeriod } from "~/domain/insight/insight-period.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/insight";

export const meta: Route.MetaFunction = () => privatePageMeta("Insight");

/**
 * Management information (docs/architecture.md, "Management information"): charts of the
 * organisation's referrals over a period (a manager's: those on their list), every count under 5
 * suppressed.
 * The payload holds categories and counts only, never a name or a reference.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = currentScope(context);
  const { period, periodResult } = readInsightPeriod(new URL(request.url).searchParams, scope.now);
  const insight = await getEmployerInsight(scope, period);
  return { insight, periodResult };
}

export default function EmployerInsight({ loaderData }: Route.ComponentProps) {
  const { insight } = loaderData;
  const { query } = insight.period;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-semibold text-3xl tracking-tight">Insight</h1>
          <p className="mt-2 text-muted-foreground">
            {insight.coverage === "own"
              ? "Figures for the referrals on your list: those you own or are named on. "
              : "Figures for all of your organisation's referrals. "}
            {insight.period.label}. Any figure under 5 people reads “fewer than 5”, and no name or
            reference appears here.
          </p>
        </div>
        <InsightCsvLink path="/employer-insight.csv" query={query} />
      </div>
      <InsightPeriodAndCharts
        query={query}
        lastResult={loaderData.periodResult}
        charts={insight.charts}
        empty={
          insight.empty ? (
            <p>
              Nothing to chart for this period: no referral was made, released or paid for in it.
              Figures appear here as {insight.coverage === "own" ? "your" : "your organisation's"}{" "}
              referrals go through, or choose a longer period above.{" "}
              <Link to="/employer-dashboard" className="font-medium text-primary underline">
                Go to the dashboard to make a referral
              </Link>
              .
            </p>
          ) : null
        }
      />
    </div>
  );
}
