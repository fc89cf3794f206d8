import { FileDownIcon } from "lucide-react";
import { PageBackLink } from "~/components/page-back-link.tsx";
import { ReportHeaderFacts, ReportSections } from "~/components/reports/report-sections.tsx";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { listReportVersions } from "~/domain/doctor/report-versions.server.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { refusalMessage, refusalResponse } from "~/middleware/refusal.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/report-versions";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privatePageMeta(`Report versions ${loaderData?.report.reference ?? ""}`);

/**
 * Every version of the doctor's report on a case, before and after release, each with its PDF:
 * the released one as the employer has it, the others marked with their version and whether a
 * later version superseded them.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return await listReportVersions(currentScope(context), params.referralId);
  } catch (error) {
    throw refusalResponse(error, refusalMessage);
  }
}

const DECISIONS = {
  approved: "Approved and released by the person",
  correction: "The person asked for a correction",
  withheld: "The person withheld consent",
} as const;

/**
 * Each link says which PDF it is: the released one is the employer's frozen copy; the others are
 * the doctor's copies, marked in the PDF with their version and what became of them.
 */
function pdfLinkText(v: { version: number; released: boolean; superseded: boolean }): string {
  if (v.released) return "Download the released PDF";
  return `Download version ${v.version}${v.superseded ? " (superseded)" : ""} as PDF`;
}

export default function ReportVersions({ loaderData }: Route.ComponentProps) {
  const { referral: r, report, versions } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <PageBackLink to={`/doctor-dashboard?tab=completed&q=${r.reference}`}>
        Back to the dashboard
      </PageBackLink>
      <h1 className="mt-4 font-semibold text-3xl tracking-tight">Report {report.reference}</h1>
      <p className="mt-2 text-muted-foreground">
        {r.reference} · {r.subjectName} · {versions.length}{" "}
        {versions.length === 1 ? "version" : "versions"}
        {report.releasedAt ? ` · released ${formatDateTime(report.releasedAt)}` : ""}
      </p>
      <ol className="mt-8 grid gap-8" reversed>
        {[...versions].reverse().map((v) => (
          <li key={v.version}>
            <article
              aria-labelledby={`version-${v.version}`}
              className="grid gap-4 rounded-xl border bg-card p-5 sm:p-6"
            >
              <header className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h2
                    id={`version-${v.version}`}
                    className="flex flex-wrap items-center gap-2 font-semibold text-xl"
                  >
                    Version {v.version}
                    {v.superseded ? <Badge variant="secondary">Superseded</Badge> : null}
                    {v.released ? <Badge variant="secondary">Released</Badge> : null}
                  </h2>
                  <p className="text-muted-foreground text-sm">
                    {v.signedAt
                      ? `Signed by ${v.authorName}${v.authorQualifications ? `, ${v.authorQualifications}` : ""} (GMC ${v.authorGmcNumber}) ${formatDateTime(v.signedAt)}`
                      : "Not signed (draft)"}
                    {v.subjectDecision
                      ? ` · ${DECISIONS[v.subjectDecision]}${v.decidedAt ? ` ${formatDateTime(v.decidedAt)}` : ""}`
                      : ""}
                  </p>
                </div>
                {v.downloadable ? (
                  <Button asChild variant="outline">
                    <a href={`/doctor-referrals/${r.id}/versions/${v.version}.pdf`} download>
                      <FileDownIcon aria-hidden="true" className="size-4" />
                      {pdfLinkText(v)}
                    </a>
                  </Button>
                ) : (
                  <p className="text-muted-foreground text-sm">A draft has a PDF once signed.</p>
                )}
              </header>
              {v.correctionDeclineReason ? (
                <p className="rounded-lg bg-muted/50 p-3 text-sm">
                  <span className="font-medium">You declined the correction: </span>
                  <span className="whitespace-pre-line">{v.correctionDeclineReason}</span>
                </p>
              ) : null}
              {v.subjectComment ? (
                <p className="rounded-lg bg-muted/50 p-3 text-sm">
                  <span className="font-medium">The person's correction request: </span>
                  <span className="whitespace-pre-line">{v.subjectComment}</span>
                </p>
              ) : null}
              {v.facts ? <ReportHeaderFacts facts={v.facts} /> : null}
              <ReportSections sections={v.sections} headingLevel={3} />
            </article>
          </li>
        ))}
      </ol>
    </div>
  );
}
