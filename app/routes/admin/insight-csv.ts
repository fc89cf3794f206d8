import { getClinicalInsight } from "~/domain/insight/get-clinical-insight.server.ts";
import { insightCsvDownload } from "../shared/insight.server.ts";
import type { Route } from "./+types/insight-csv";
import { adminScope } from "./admin-scope.server.ts";

/** The clinical insight's figures as CSV, suppressed as on the page; the read is audited. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return insightCsvDownload(request, adminScope(context), getClinicalInsight, {
    heading: "ReferOH clinical insight",
    file: "clinical-insight",
  });
}
