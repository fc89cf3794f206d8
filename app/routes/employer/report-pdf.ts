import { runtimeContext } from "~/context.ts";
import { ReferralError } from "~/domain/referrals/actor.ts";
import { getEmployerReportPdf } from "~/domain/reports/get-employer-report.server.ts";
import { employerActor } from "~/middleware/employer.server.ts";
import type { Route } from "./+types/report-pdf";
import { auditEmployerReportAccess } from "./report-audit.server.ts";

const fileName = /^(REP-[A-Z0-9]{4,12})\.pdf$/;

// A plain 404 answer: a resource route has no error page to show, and nothing here is an error.
function notFound() {
  return new Response("Report not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** `/employer-reports/REP-XXXXXX.pdf`: the frozen PDF, for the organisation's members only. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const actor = employerActor(context);
  const reference = fileName.exec(params.file)?.[1];
  if (!reference) return notFound();
  const runtime = context.get(runtimeContext);
  try {
    const { reportId, pdf, sha256 } = await getEmployerReportPdf(runtime.database.db, {
      actor,
      reference,
    });
    await auditEmployerReportAccess(context, actor, {
      action: "report.downloaded",
      outcome: "success",
      object: { type: "report", id: reportId },
      details: { reference, sha256 },
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
    if (error instanceof ReferralError && error.code === "not_found") {
      await auditEmployerReportAccess(context, actor, {
        action: "report.downloaded",
        outcome: "denied",
        details: { reference },
      });
      return notFound();
    }
    throw error;
  }
}
