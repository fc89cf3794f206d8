import { getReportVersionPdf } from "~/domain/doctor/get-report-version-pdf.server.ts";
import { downloadRefusal, fileNotFound } from "~/middleware/refusal.server.ts";
import { pdfDownload } from "~/middleware/responses.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/report-version-pdf";

const fileName = /^(\d{1,4})\.pdf$/;

/**
 * `/doctor-referrals/:referralId/versions/:file`: one version's PDF for the doctor on the case, the
 * frozen release or a marked copy of an earlier or unreleased version (getReportVersionPdf).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const version = Number(fileName.exec(params.file)?.[1] ?? Number.NaN);
  if (!Number.isInteger(version)) return fileNotFound();
  try {
    const { reference, pdf } = await getReportVersionPdf(currentScope(context), {
      referralId: params.referralId,
      version,
    });
    return pdfDownload(pdf, reference);
  } catch (error) {
    return downloadRefusal(error);
  }
}
