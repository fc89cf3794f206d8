import { ArrowLeftIcon, DownloadIcon } from "lucide-react";
import { Link } from "react-router";
import {
  ReportHeaderFacts,
  ReportSignatureLines,
  SignedReportSections,
} from "~/components/reports/report-sections.tsx";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { isDomainError } from "~/domain/kernel/errors.ts";
import { getEmployerReport } from "~/domain/reports/get-employer-report.server.ts";
import { formatLongDate } from "~/lib/dates.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { refusalMessage, refusalResponse } from "~/middleware/refusal.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/report";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privatePageMeta(loaderData?.report.reference ?? "Report");

/** One released report of the organisation, or only that consent was withheld. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const scope = currentScope(context);
  try {
    const report = await getEmployerReport(scope, params.reference);
    await recordAuditEventAs(scope, {
      action: "report.employer_viewed",
      outcome: "success",
      object: { type: "report", id: report.id },
      details: { reference: report.reference, state: report.state },
    });
    return { report };
  } catch (error) {
    if (isDomainError(error, "not_found"))
      await recordAuditEventAs(scope, {
        action: "report.employer_viewed",
        outcome: "denied",
        details: { reference: params.reference.slice(0, 40) },
      });
    throw refusalResponse(error, refusalMessage);
  }
}

export default function EmployerReport({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      {/* Near the heading's edge, with room left for the 5 px focus ring inside a 320 px window. */}
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link to="/employer-reports">
          <ArrowLeftIcon aria-hidden="true" />
          All reports
        </Link>
      </Button>
      {report.state === "withheld" ? (
        <div className="mt-4 grid max-w-prose gap-4" data-testid="report-withheld">
          <h1 className="font-semibold text-3xl tracking-tight">
            Consent withheld: {report.referralReference}
          </h1>
          <p className="text-muted-foreground">{report.subjectName}</p>
          <Badge variant="info" className="w-fit">
            Consent withheld
          </Badge>
          <p>
            {report.subjectName} withheld their consent to release the occupational health report
            {report.withheldAt ? ` on ${formatLongDate(report.withheldAt)}` : ""}. The report is not
            shared with you.
          </p>
          <p>
            You may want to talk with them about the support they need at work, or make a new
            referral later.
          </p>
        </div>
      ) : (
        <article className="mt-4 grid gap-8">
          <header className="flex flex-wrap items-start justify-between gap-4">
            <div className="grid gap-2">
              <h1 className="font-semibold text-3xl tracking-tight">
                Assessment Report: {report.reference}
              </h1>
              <p className="text-muted-foreground">
                {report.title} · {report.subjectName} · referral {report.referralReference}
              </p>
              <div className="flex flex-wrap items-center gap-3 text-sm">
                <Badge variant="complete">Complete</Badge>
                {report.releasedAt ? (
                  <span className="text-muted-foreground">
                    Released on {formatLongDate(report.releasedAt)}
                  </span>
                ) : null}
              </div>
            </div>
            <Button asChild>
              <a href={`/employer-reports/${report.reference}.pdf`} download>
                <DownloadIcon aria-hidden="true" />
                Download PDF
              </a>
            </Button>
          </header>
          <div className="grid gap-6 rounded-xl border bg-card p-5 sm:p-8">
            <section aria-label="About this report" data-testid="report-header">
              <ReportHeaderFacts facts={report.facts} />
            </section>
            <SignedReportSections
              sections={report.sections}
              signature={
                <section className="grid gap-2 border-t pt-6">
                  <h2 className="font-semibold text-lg">Consulting Doctor</h2>
                  <ReportSignatureLines lines={report.signature} />
                </section>
              }
            />
          </div>
          <p className="text-muted-foreground text-sm">
            Confidential health information, released with the employee's consent. Share it only
            with the people who need it to support them.
          </p>
        </article>
      )}
    </div>
  );
}
