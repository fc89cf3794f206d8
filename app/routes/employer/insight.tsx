import { Link } from "react-router";
import { InsightPage } from "~/components/insight/insight-period-form.tsx";
import { getEmployerInsight } from "~/domain/insight/get-employer-insight.server.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import { readInsight } from "../shared/insight.server.ts";
import type { Route } from "./+types/insight";

export const meta: Route.MetaFunction = () => privatePageMeta("Insight");

/**
 * Management information (docs/architecture.md, "Management information"): charts of the
 * organisation's referrals over a period (a manager's: those on their list), every count under 5
 * suppressed.
 * The payload holds categories and counts only, never a name or a reference.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return readInsight(request, currentScope(context), getEmployerInsight);
}

export default function EmployerInsight({ loaderData }: Route.ComponentProps) {
  const { insight } = loaderData;
  return (
    <InsightPage
      title="Insight"
      description={
        <>
          {insight.coverage === "own"
            ? "Figures for the referrals on your list: those you own or are named on. "
            : "Figures for all of your organisation's referrals. "}
          {insight.period.label}. Any figure under 5 people reads “fewer than 5”, and no name or
          reference appears here.
        </>
      }
      csvPath="/employer-insight.csv"
      insight={insight}
      lastResult={loaderData.periodResult}
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
  );
}
