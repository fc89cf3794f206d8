import { Link } from "react-router";
import {
  AdminFilterForm,
  AdminListPage,
  AdminResults,
  adminMeta,
  FilterField,
  OrganisationSelect,
} from "~/components/admin/list-page.tsx";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { DataTable, TableCell, TableRow } from "~/components/ui/table";
import { auditFilterParams, auditFilterSchema } from "~/domain/admin/audit-filter.ts";
import { searchAuditLog } from "~/domain/admin/audit-log.server.ts";
import { organisationOptions } from "~/domain/admin/organisation-options.server.ts";
import { formatDateTime } from "~/lib/dates.ts";
import type { Route } from "./+types/audit";
import { adminList } from "./admin-scope.server.ts";

export const meta: Route.MetaFunction = () => adminMeta("Audit log");

export async function loader({ context, request }: Route.LoaderArgs) {
  const { scope, filter } = adminList(context, request, auditFilterSchema);
  const [page, organisations] = await Promise.all([
    searchAuditLog(scope, filter),
    organisationOptions(scope),
  ]);
  return { page, filter, organisations, exportQuery: auditFilterParams(filter).toString() };
}

const outcomeVariant = { success: "outline", failure: "secondary", denied: "destructive" } as const;

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { page, filter, organisations, exportQuery } = loaderData;
  return (
    <AdminListPage
      title="Audit log"
      description="Who did what, to which object, when and from where. Times are UK time; the CSV export is in UTC."
    >
      {/* The organisation applies as soon as it is chosen; typed fields and dates wait for the
          button (a date typed digit by digit would otherwise load a list per digit). */}
      <AdminFilterForm
        id="audit-filters"
        schema={auditFilterSchema}
        className="grid gap-4 rounded-xl border bg-card p-4 md:grid-cols-3 md:items-end"
      >
        <FilterField id="actor" label="Actor (e-mail or user id)">
          <Input id="actor" name="actor" defaultValue={filter.actor} autoComplete="off" />
        </FilterField>
        <OrganisationSelect organisations={organisations} defaultValue={filter.organisation} />
        <FilterField id="referral" label="Case reference">
          <Input
            id="referral"
            name="referral"
            defaultValue={filter.referral}
            placeholder="REF- or OCC- reference"
            autoComplete="off"
          />
        </FilterField>
        <FilterField id="action" label="Action (or its start, e.g. admin.)">
          <Input id="action" name="action" defaultValue={filter.action} autoComplete="off" />
        </FilterField>
        <FilterField id="from" label="From (UTC date)">
          <Input id="from" name="from" type="date" defaultValue={filter.from} />
        </FilterField>
        <FilterField id="to" label="To (UTC date)">
          <Input id="to" name="to" type="date" defaultValue={filter.to} />
        </FilterField>
        <div className="flex flex-wrap gap-2 md:col-span-3">
          <Button type="submit">Filter the log</Button>
          <Button asChild variant="outline">
            <Link to="/admin/audit">Clear filters</Link>
          </Button>
          <Button asChild variant="outline">
            <a href={`/admin/audit.csv${exportQuery ? `?${exportQuery}` : ""}`} download>
              Download CSV
            </a>
          </Button>
        </div>
      </AdminFilterForm>
      <AdminResults page={page} noun="events" empty="No events match these filters.">
        <DataTable columns={["Time", "Action", "Actor", "Object", "Outcome"]}>
          {page.rows.map((e) => (
            <TableRow key={e.id}>
              <TableCell label="Time" className="whitespace-nowrap">
                {formatDateTime(e.occurredAt)}
              </TableCell>
              <TableCell label="Action">
                <code className="text-sm">{e.action}</code>
              </TableCell>
              <TableCell label="Actor" className="break-all text-sm">
                {e.actorId ? (e.actorEmail ?? e.actorId) : "Anonymous"}
                {e.actorRole ? (
                  <span className="block text-muted-foreground">{e.actorRole}</span>
                ) : null}
                {e.ip ? <span className="block text-muted-foreground">{e.ip}</span> : null}
              </TableCell>
              <TableCell label="Object" className="break-all text-sm">
                {e.objectType ? `${e.objectType} ${e.objectId}` : "None"}
              </TableCell>
              <TableCell label="Outcome">
                <Badge variant={outcomeVariant[e.outcome]}>{e.outcome}</Badge>
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      </AdminResults>
    </AdminListPage>
  );
}
