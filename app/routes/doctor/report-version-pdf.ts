import { runtimeContext } from "~/context.ts";
import { DoctorCaseError } from "~/domain/doctor/doctor-actor.ts";
import { getReportVersionPdf } from "~/domain/doctor/report-versions.server.ts";
import { currentActor, requestMeta } from "~/middleware/session.server.ts";
import type { Route } from "./+types/report-version-pdf";

const fileName = /^(\d{1,4})\.pdf$/;

/** `/doctor-referrals/:referralId/versions/:file`: the frozen PDF of the released version. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const version = Number(fileName.exec(params.file)?.[1] ?? Number.NaN);
  const notFound = () =>
    new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  if (!Number.isInteger(version)) return notFound();
  const runtime = context.get(runtimeContext);
  const meta = requestMeta(context, request);
  try {
    const { reference, pdf } = await getReportVersionPdf(runtime.database.db, {
      actor: currentActor(context),
      referralId: params.referralId,
      version,
      request: { ip: meta.ip, requestId: meta.requestId },
    });
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${reference}.pdf"`,
        "Content-Length": String(pdf.byteLength),
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof DoctorCaseError && error.code === "not_found") return notFound();
    throw error;
  }
}
