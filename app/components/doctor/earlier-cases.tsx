import { HistoryIcon } from "lucide-react";
import { CaseWorkSection } from "~/components/doctor/case-work-section.tsx";
import { AnswerList, ReportSections } from "~/components/reports/report-sections.tsx";
import type { EarlierCase } from "~/domain/doctor/earlier-cases.server.ts";
import { formatLongDate } from "~/lib/dates.ts";

const TYPE_LABELS = {
  management: "Management referral",
  pre_employment: "Pre-employment check",
} as const;

/**
 * The person's earlier cases with the organisation, on a follow-up whose person let the doctor see
 * them (docs/architecture.md §4, "Follow-up referrals"): each released report at the version the
 * employer read, and the person's answers, in disclosures that start closed. Nothing renders when
 * there are none to show, so a doctor without that consent learns nothing of them.
 */
export function EarlierCases({ cases }: { cases: readonly EarlierCase[] }) {
  if (cases.length === 0) return null;
  return (
    <CaseWorkSection
      id="earlier-cases"
      icon={HistoryIcon}
      title="Earlier cases"
      data-testid="earlier-cases"
    >
      <p className="mt-1 text-muted-foreground text-sm">
        The employee let you see their earlier reports and answers with this employer. The employer
        does not see their answers.
      </p>
      <ul className="mt-4 grid gap-4">
        {cases.map((c) => (
          <li key={c.reference} className="rounded-lg border p-4" data-earlier-case={c.reference}>
            <h3 className="font-semibold">
              {c.reference} · {TYPE_LABELS[c.type]}
            </h3>
            <p className="text-muted-foreground text-sm">
              Referred on {formatLongDate(c.referredOn)}
              {c.report?.releasedAt
                ? `; report ${c.report.reference} released on ${formatLongDate(c.report.releasedAt)}`
                : null}
            </p>
            {c.report ? (
              <details className="mt-3">
                <summary className="cursor-pointer font-medium text-primary">
                  Report {c.report.reference} (version {c.report.version}, as released)
                </summary>
                <div className="mt-3">
                  <ReportSections sections={c.report.sections} headingLevel={3} />
                </div>
              </details>
            ) : (
              <p className="mt-3 text-sm">No report was released on this case.</p>
            )}
            {c.answers.length > 0 ? (
              <details className="mt-3">
                <summary className="cursor-pointer font-medium text-primary">
                  Their answers ({c.answers.length})
                </summary>
                <AnswerList answers={c.answers} className="mt-3 text-sm" />
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </CaseWorkSection>
  );
}
