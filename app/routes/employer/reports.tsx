import { getFormProps } from "@conform-to/react";
import { format } from "date-fns";
import { DownloadIcon, PlusIcon } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { HeadedPage } from "~/components/headed-page.tsx";
import { useFilterForm } from "~/components/list-filters.ts";
import { ListPagination } from "~/components/list-pagination.tsx";
import {
  EmptyList,
  ListFilterButtons,
  ListSearchField,
  referralTypeLabel,
} from "~/components/referrals/employer-list.tsx";
import { Button } from "~/components/ui/button";
import { DatePicker } from "~/components/ui/date-picker";
import { Label } from "~/components/ui/label";
import { DataTable, TableCell, TableRow } from "~/components/ui/table";
import { toast } from "~/components/ui/toaster";
import { useRemoveQueryParams } from "~/components/use-remove-query-params.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { employerMayOpenReport } from "~/domain/reports/employer-may-open-report.server.ts";
import {
  type EmployerReportListQuery,
  listEmployerReports,
  parseEmployerReportListQuery,
  type ReportTypeFilter,
} from "~/domain/reports/list-employer-reports.server.ts";
import { employerReportListQuerySchema } from "~/domain/reports/report-list-query.ts";
import { cn } from "~/lib/cn";
import { formatShortDate } from "~/lib/dates.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/reports";

export const meta: Route.MetaFunction = () => privatePageMeta("Reports");

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // A type toggle arrives as setType beside the current type; the address keeps one type=.
  const setType = url.searchParams.get("setType");
  if (setType !== null) {
    url.searchParams.delete("setType");
    url.searchParams.delete("type");
    if (setType !== "all") url.searchParams.set("type", setType);
    // The page's own address: a client navigation's request is for /employer-reports.data.
    throw redirect(`/employer-reports${url.search}`);
  }
  // The seed's ?viewReport=REP-… link opens that report on its own page (which reads and audits
  // it); an unknown one, or another organisation's, stays on the list, which says so and drops it.
  const viewReport = url.searchParams.get("viewReport");
  const scope = currentScope(context);
  if (viewReport !== null) {
    const reference = viewReport.trim().toUpperCase().slice(0, 40);
    if (await employerMayOpenReport(scope, reference))
      throw redirect(`/employer-report/${encodeURIComponent(reference)}`);
    await recordAuditEventAs(scope, {
      action: "report.employer_viewed",
      outcome: "denied",
      details: { reference, via: "view_report_link" },
    });
  }
  const { query, result: filterResult } = parseEmployerReportListQuery(url.searchParams);
  const list = await listEmployerReports(scope, query);
  return { query, filterResult, list, reportNotFound: viewReport !== null };
}

/** After an unknown ?viewReport=: the toast, then the list's address without it. */
function useReportNotFound(notFound: boolean) {
  const location = useLocation();
  const removeQueryParams = useRemoveQueryParams();
  useEffect(() => {
    if (!notFound) return;
    if (!new URLSearchParams(location.search).has("viewReport")) return;
    toast.error("Report not found", {
      description: "No report of your organisation has that reference.",
    });
    removeQueryParams(["viewReport"]);
  }, [notFound, location.search, removeQueryParams]);
}

const tableHeadings: Record<ReportTypeFilter, string> = {
  all: "All Reports",
  management: "Management Referral Reports",
  "pre-employment": "Pre-Employment Reports",
};

function listLink(query: EmployerReportListQuery, changes: Partial<EmployerReportListQuery>) {
  const next = { ...query, page: 1, ...changes };
  const params = new URLSearchParams();
  if (next.search) params.set("q", next.search);
  if (next.type !== "all") params.set("type", next.type);
  if (next.date) params.set("date", next.date);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `?${search}` : ".";
}

export default function EmployerReports({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  useReportNotFound(loaderData.reportNotFound);
  const navigation = useNavigation();
  const filters = useFilterForm();
  // The loader reads the query string with the same schema; what did not read comes back here.
  const [filterForm, filterFields] = useSchemaForm({
    id: "report-filters",
    schema: employerReportListQuerySchema,
    lastResult: loaderData.filterResult,
    validateOn: "input",
  });
  const filtered = query.search !== "" || query.type !== "all" || query.date !== null;
  const newReferral =
    query.type === "pre-employment"
      ? "/pre-employment-referral"
      : "/employer-referral?type=management";
  return (
    <HeadedPage
      title="Reports"
      description="View and download occupational health reports"
      actions={
        <Button asChild>
          <Link to={newReferral}>
            <PlusIcon aria-hidden="true" />
            Generate New Report
          </Link>
        </Button>
      }
    >
      {/* A type toggle or a picked date applies at once; Search serves the text and no-JS browsers. */}
      <Form
        ref={filters.ref}
        method="get"
        {...getFormProps(filterForm)}
        role="search"
        className="mt-8 grid gap-4 rounded-xl border bg-card p-4 lg:grid-cols-[1fr_auto_auto_auto] lg:items-end"
        key={`${query.search}|${query.type}|${query.date}`}
      >
        {/* Enter in the search box submits with this first, hidden button, not a type toggle. */}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
        <ListSearchField
          // A search that did not read is shown as sent, beside its error.
          defaultValue={filterFields.q.initialValue ?? query.search}
          errors={filterFields.q.errors}
          placeholder="Title, report ID or employee name"
        />
        <fieldset className="space-y-1.5">
          <legend className="mb-1.5 font-medium text-sm">Type</legend>
          {/* Each toggle submits the form with its type, or with "all" to switch it off again. */}
          <div className="flex flex-wrap gap-2">
            {(["management", "pre-employment"] as const).map((type) => {
              const on = query.type === type;
              return (
                <Button
                  key={type}
                  type="submit"
                  name="setType"
                  value={on ? "all" : type}
                  variant={on ? "default" : "outline"}
                  aria-pressed={on}
                  className={cn(!on && "bg-background")}
                >
                  {type === "management" ? "Management" : "Pre-Employment"}
                </Button>
              );
            })}
          </div>
          {query.type !== "all" ? <input type="hidden" name="type" value={query.type} /> : null}
        </fieldset>
        <div className="space-y-1.5 lg:w-52">
          <Label id="date-label" htmlFor="date">
            Date generated
          </Label>
          <DatePicker
            id="date"
            name="date"
            defaultValue={query.date}
            placeholder="Any date"
            clearLabel="Clear the date"
            calendarLabel="Choose the date a report was generated"
            aria-labelledby="date-label"
            onValueChange={(date) =>
              filters.applyValue("date", date ? format(date, "yyyy-MM-dd") : "", "date")
            }
          />
        </div>
        <ListFilterButtons variant="secondary" />
      </Form>

      <section
        className="mt-6"
        aria-labelledby="reports-heading"
        aria-busy={navigation.state === "loading"}
      >
        {/* A type toggle re-renders the filters away from focus: focus comes here (root.tsx). */}
        <h2 id="reports-heading" data-state-heading className="mb-3 font-semibold text-xl">
          {tableHeadings[query.type]}
        </h2>
        {list.rows.length === 0 ? (
          <EmptyList title="No reports found">
            {filtered
              ? "Try adjusting your search or filter criteria"
              : "A report appears here once the employee has read it and agreed to its release."}
          </EmptyList>
        ) : (
          <>
            <DataTable
              columns={[
                "Report ID",
                "Title",
                "Type",
                "Employee/Candidate",
                "Format",
                "Date Generated",
                "Actions",
              ]}
            >
              {list.rows.map((r) => (
                <TableRow key={r.reference}>
                  <TableCell label="Report ID" className="font-medium">
                    {r.reference}
                  </TableCell>
                  <TableCell label="Title">{r.title}</TableCell>
                  <TableCell label="Type">{referralTypeLabel(r.type)}</TableCell>
                  <TableCell label="Employee/Candidate">{r.subjectName}</TableCell>
                  <TableCell label="Format">{r.format}</TableCell>
                  <TableCell label="Date Generated">
                    {r.releasedAt ? formatShortDate(r.releasedAt) : ""}
                  </TableCell>
                  <TableCell label="Actions">
                    <span className="flex gap-2">
                      <Button asChild variant="outline" size="sm">
                        <Link
                          to={`/employer-report/${r.reference}`}
                          aria-label={`View ${r.reference}`}
                        >
                          View
                        </Link>
                      </Button>
                      <Button asChild variant="ghost" size="sm">
                        <a
                          href={`/employer-reports/${r.reference}.pdf`}
                          download
                          aria-label={`Download ${r.reference} as PDF`}
                        >
                          <DownloadIcon aria-hidden="true" />
                          Download
                        </a>
                      </Button>
                    </span>
                  </TableCell>
                </TableRow>
              ))}
            </DataTable>
            <ListPagination
              list={list}
              noun="report"
              hrefFor={(page) => listLink(query, { page })}
            />
          </>
        )}
      </section>
    </HeadedPage>
  );
}
