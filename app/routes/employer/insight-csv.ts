import { getEmployerInsight } from "~/domain/insight/get-employer-insight.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import { insightCsvDownload } from "../shared/insight.server.ts";
import type { Route } from "./+types/insight-csv";

/** The insight page's figures as CSV, suppressed as on the page; the read is audited as the page's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return insightCsvDownload(request, currentScope(context), getEmployerInsight, {
    heading: "ReferOH insight",
    file: "insight",
  });
}
