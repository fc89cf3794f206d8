import { Form, Link } from "react-router";
import { AdminPageHeader, adminDateTime, Pagination } from "~/components/admin/pagination.tsx";
import { useFilterForm } from "~/components/list-filters.ts";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import {
  auditFilterParams,
  parseAuditFilter,
  searchAuditLog,
} from "~/domain/admin/audit-log.server.ts";
import { organisationOptions } from "~/domain/admin/organisations.server.ts";
import type { Route } from "./+types/audit";
import { adminRequest } from "./admin-request.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Audit log | ReferOH administration" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, actor } = adminRequest(context);
  const filter = parseAuditFilter(new URL(request.url).searchParams);
  const [page, organisations] = await Promise.all([
    searchAuditLog(db, { actor, filter }),
    organisationOptions(db, { actor }),
  ]);
  return { page, filter, organisations, exportQuery: auditFilterParams(filter).toString() };
}

const outcomeVariant = { success: "outline", failure: "secondary", denied: "destructive" } as const;

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { page, filter, organisations, exportQuery } = loaderData;
  const filters = useFilterForm();
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6">
      <AdminPageHeader
        title="Audit log"
        description="Who did what, to which object, when and from where. Times are UK time; the CSV export is in UTC."
      />
      {/* The organisation applies as soon as it is chosen; typed fields and dates wait for the
          button (a date typed digit by digit would otherwise load a list per digit). */}
      <Form
        ref={filters.ref}
        method="get"
        onChange={filters.onChange}
        className="grid gap-4 rounded-xl border bg-card p-4 md:grid-cols-3 md:items-end"
      >
        <div className="grid gap-2">
          <Label htmlFor="actor">Actor (e-mail or user id)</Label>
          <Input id="actor" name="actor" defaultValue={filter.actor} autoComplete="off" />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="organisation">Organisation</Label>
          <NativeSelect id="organisation" name="organisation" defaultValue={filter.organisationId}>
            <NativeSelectOption value="">Any organisation</NativeSelectOption>
            {organisations.map((o) => (
              <NativeSelectOption key={o.id} value={o.id}>
                {o.name}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="referral">Case reference</Label>
          <Input
            id="referral"
            name="referral"
            defaultValue={filter.referral}
            placeholder="REF- or OCC- reference"
            autoComplete="off"
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="action">Action (or its start, e.g. admin.)</Label>
          <Input id="action" name="action" defaultValue={filter.action} autoComplete="off" />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="from">From (UTC date)</Label>
          <Input id="from" name="from" type="date" defaultValue={filter.from} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="to">To (UTC date)</Label>
          <Input id="to" name="to" type="date" defaultValue={filter.to} />
        </div>
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
      </Form>
      {page.rows.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card px-6 py-10 text-center text-muted-foreground">
          No events match these filters.
        </p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Time</TableHead>
              <TableHead>Action</TableHead>
              <TableHead>Actor</TableHead>
              <TableHead>Object</TableHead>
              <TableHead>Outcome</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {page.rows.map((e) => (
              <TableRow key={e.id}>
                <TableCell label="Time" className="whitespace-nowrap">
                  {adminDateTime.format(new Date(e.occurredAt))}
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
          </TableBody>
        </Table>
      )}
      <Pagination page={page.page} pageCount={page.pageCount} total={page.total} noun="events" />
    </div>
  );
}
