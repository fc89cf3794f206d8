import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { isDomainError } from "~/domain/kernel/errors.ts";
import { getEmployerReportPdf } from "~/domain/reports/get-employer-report-pdf.server.ts";
import { downloadRefusal, fileNotFound } from "~/middleware/refusal.server.ts";
import { pdfDownload } from "~/middleware/responses.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/report-pdf";

const fileName = /^(REP-[A-Z0-9]{4,12})\.pdf$/;

/** `/employer-reports/REP-XXXXXX.pdf`: the frozen PDF, for the organisation's members only. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const scope = currentScope(context);
  const reference = fileName.exec(params.file)?.[1];
  if (!reference) return fileNotFound();
  try {
    const { reportId, pdf, sha256 } = await getEmployerReportPdf(scope, reference);
    await recordAuditEventAs(scope, {
      action: "report.downloaded",
      outcome: "success",
      object: { type: "report", id: reportId },
      details: { reference, sha256 },
    });
    return pdfDownload(pdf, reference);
  } catch (error) {
    if (isDomainError(error, "not_found")) {
      await recordAuditEventAs(scope, {
        action: "report.downloaded",
        outcome: "denied",
        details: { reference },
      });
    }
    return downloadRefusal(error);
  }
}
