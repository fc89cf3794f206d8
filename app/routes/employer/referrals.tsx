import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { NewMessageBadge } from "~/components/case-conversation/new-message-badge.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { HeadedPage } from "~/components/headed-page.tsx";
import { useFilterForm } from "~/components/list-filters.ts";
import { KeysetPagination } from "~/components/list-pagination.tsx";
import {
  EmptyList,
  ListFilterButtons,
  ListSearchField,
  referralTypeLabel,
} from "~/components/referrals/employer-list.tsx";
import { ClosedBadge } from "~/components/referrals/referral-details.tsx";
import {
  ReferralDrawer,
  ReferralLink,
  useReferralDrawer,
} from "~/components/referrals/referral-drawer.tsx";
import { ReferralStatusBadge } from "~/components/referrals/status-badge.tsx";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOptions } from "~/components/ui/native-select";
import { DataTable, TableCell, TableRow } from "~/components/ui/table";
import {
  type ReferralStatus,
  referralStatuses,
  statusLabels,
} from "~/domain/referrals/lifecycle.ts";
import { listReferrals, parseReferralListQuery } from "~/domain/referrals/list-referrals.server.ts";
import { referralListQuerySchema } from "~/domain/referrals/referral-list-query.ts";
import { formatShortDate } from "~/lib/dates.ts";
import { excerpt } from "~/lib/excerpt.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/referrals";
import { loadReferralDrawer } from "./referral-drawer.server.ts";

export const meta: Route.MetaFunction = () => privatePageMeta("Referrals");

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { query, result: filterResult } = parseReferralListQuery(url.searchParams);
  const [list, drawer] = await Promise.all([
    listReferrals(currentScope(context), query),
    loadReferralDrawer(context, url),
  ]);
  return { query, filterResult, list, drawer };
}

/** The seed's filter names first (Pending, Invited, Draft), then every other state. */
const seedFirst: readonly ReferralStatus[] = ["awaiting_payment", "invited", "draft"];
const statusFilterValues = [
  "all",
  ...seedFirst,
  ...referralStatuses.filter((s) => !seedFirst.includes(s)),
] as const;

/** A state's name in the filter: the badge's, but for the seed's shorter "Invited". */
const statusFilterLabel = (value: (typeof statusFilterValues)[number]) =>
  value === "all" ? "All Statuses" : value === "invited" ? "Invited" : statusLabels[value];

/** The list with the same filters, from a row on (`after`), up to a row (`before`), or from the top. */
function pageLink(
  query: { search: string; status: string },
  cursor: { after: string } | { before: string } | null,
) {
  const params = new URLSearchParams();
  if (query.search) params.set("q", query.search);
  if (query.status !== "all") params.set("status", query.status);
  if (cursor && "after" in cursor) params.set("after", cursor.after);
  if (cursor && "before" in cursor) params.set("before", cursor.before);
  const search = params.toString();
  return search ? `?${search}` : ".";
}

export default function EmployerReferrals({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  const drawer = useReferralDrawer(loaderData.drawer);
  const navigation = useNavigation();
  const filters = useFilterForm();
  // The loader reads the query string with the same schema; what did not read comes back here.
  const [filterForm, filterFields] = useSchemaForm({
    id: "referral-filters",
    schema: referralListQuerySchema,
    lastResult: loaderData.filterResult,
    validateOn: "input",
  });
  const filtered = query.search !== "" || query.status !== "all";
  return (
    <HeadedPage
      title="Occupational Health Referrals"
      description="Every pre-employment assessment and management referral of your organisation."
      actions={
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/pre-employment-referral">New Pre-Employment Assessment</Link>
          </Button>
          <Button asChild>
            <Link to="/employer-referral?type=management">New Management Referral</Link>
          </Button>
        </div>
      }
    >
      {/* The status applies as soon as it is chosen; Search serves the text and no-JS browsers. */}
      <Form
        ref={filters.ref}
        method="get"
        {...getFormProps(filterForm)}
        role="search"
        onChange={filters.onChange}
        className="mt-8 flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-end"
        key={`${query.search}|${query.status}`}
      >
        <ListSearchField
          className="flex-1 space-y-1.5"
          // A search that did not read is shown as sent, beside its error.
          defaultValue={filterFields.q.initialValue ?? query.search}
          errors={filterFields.q.errors}
          placeholder="Employee name, reference or job role"
        />
        <div className="space-y-1.5 sm:w-56">
          <Label htmlFor="status">Status</Label>
          <NativeSelect id="status" name="status" defaultValue={query.status}>
            <NativeSelectOptions values={statusFilterValues} label={statusFilterLabel} />
          </NativeSelect>
        </div>
        <ListFilterButtons />
      </Form>

      <div className="mt-6" aria-busy={navigation.state === "loading"}>
        {list.rows.length === 0 ? (
          <EmptyList title="No OH referrals found">
            {filtered
              ? "Try adjusting your search criteria"
              : "Referrals you make will appear here."}
          </EmptyList>
        ) : (
          <>
            <DataTable
              columns={[
                "Reference",
                "Employee",
                "Issue",
                "Type",
                "Date Created",
                "Status",
                "Actions",
              ]}
            >
              {list.rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell label="Reference" className="font-medium">
                    {r.reference}
                    {r.newMessage ? (
                      <span className="mt-1 flex">
                        <NewMessageBadge
                          to={`/employer-referrals/${encodeURIComponent(r.reference)}#messages`}
                          reference={r.reference}
                        />
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell label="Employee">{r.subjectName}</TableCell>
                  <TableCell label="Issue" className="md:max-w-xs">
                    {excerpt(r.issue)}
                  </TableCell>
                  <TableCell label="Type">{referralTypeLabel(r.type)}</TableCell>
                  <TableCell label="Date Created">{formatShortDate(r.createdAt)}</TableCell>
                  <TableCell label="Status">
                    <span className="inline-flex flex-wrap gap-1.5">
                      <ReferralStatusBadge status={r.status} />
                      {r.closedNoFurtherAction ? <ClosedBadge short /> : null}
                    </span>
                  </TableCell>
                  <TableCell label="Actions">
                    <Button asChild variant="outline" size="sm">
                      {r.status === "draft" ? (
                        <Link
                          to={`/employer-referral/${r.reference}`}
                          aria-label={`Edit ${r.reference}`}
                        >
                          Edit
                        </Link>
                      ) : (
                        <ReferralLink reference={r.reference} aria-label={`View ${r.reference}`}>
                          View
                        </ReferralLink>
                      )}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </DataTable>
            <KeysetPagination
              summary={
                list.total === null
                  ? undefined
                  : `${list.total.toLocaleString("en-GB")} referral${list.total === 1 ? "" : "s"}`
              }
              previousHref={
                list.previousCursor ? pageLink(query, { before: list.previousCursor }) : null
              }
              nextHref={list.nextCursor ? pageLink(query, { after: list.nextCursor }) : null}
            />
          </>
        )}
      </div>
      <ReferralDrawer referral={drawer.referral} onClose={drawer.close} />
    </HeadedPage>
  );
}
