import { getReportVersionPdf } from "~/domain/doctor/report-versions.server.ts";
import { refusalMessage, refusalResponse } from "~/middleware/refusal.server.ts";
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
  const notFound = () =>
    new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  if (!Number.isInteger(version)) return notFound();
  try {
    const { reference, pdf } = await getReportVersionPdf(currentScope(context), {
      referralId: params.referralId,
      version,
    });
    return pdfDownload(pdf, reference);
  } catch (error) {
    throw refusalResponse(error, refusalMessage);
  }
}
