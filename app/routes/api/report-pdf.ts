import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { getEmployerReportPdf } from "~/domain/reports/get-employer-report-pdf.server.ts";
import { apiScope } from "~/middleware/api-key.server.ts";
import { pdfDownload } from "~/middleware/responses.server.ts";
import type { Route } from "./+types/report-pdf";
import { answering } from "./respond.server.ts";

/** GET /api/v1/reports/:reportReference/pdf: the signed PDF as released (the employer's file). */
export function loader({ params, context }: Route.LoaderArgs) {
  return answering(async () => {
    const scope = apiScope(context, "reports:read");
    const { reportId, reference, pdf, sha256 } = await getEmployerReportPdf(
      scope,
      params.reportReference,
    );
    await recordAuditEventAs(scope, {
      action: "report.downloaded",
      object: { type: "report", id: reportId },
      details: { reference, sha256 },
    });
    return pdfDownload(pdf, reference);
  });
}
