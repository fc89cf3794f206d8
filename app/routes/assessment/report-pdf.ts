import { getSubjectReportPdf } from "~/domain/reports/get-subject-report-pdf.server.ts";
import { pdfDownload } from "~/middleware/responses.server.ts";
import type { Route } from "./+types/report-pdf";
import { requireAssessmentLink } from "./link.server.ts";

/** `/assessment/:token/report.pdf`: the person's copy of their released report, for 30 days. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { scope } = await requireAssessmentLink(context, params.token);
  const copy = await getSubjectReportPdf(scope);
  if (!copy)
    return new Response("This report cannot be downloaded here.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return pdfDownload(copy.pdf, copy.reference, { "X-Robots-Tag": "noindex" });
}
