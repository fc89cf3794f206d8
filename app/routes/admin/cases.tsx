import { useEffect } from "react";
import { data, Form, Link } from "react-router";
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
import { toast } from "~/components/ui/toaster";
import { runtimeContext } from "~/context.ts";
import {
  assignableDoctors,
  listCases,
  parseCaseFilter,
  reassignCase,
} from "~/domain/admin/cases.server.ts";
import { reassignableStatuses } from "~/domain/admin/cases.ts";
import { organisationOptions } from "~/domain/admin/organisations.server.ts";
import { referralStatuses, statusLabels, statusTone } from "~/domain/referrals/states.ts";
import { formUuid } from "~/middleware/edge.server.ts";
import type { Route } from "./+types/cases";
import { adminRequest } from "./admin-request.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Cases | ReferOH administration" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, actor } = adminRequest(context);
  const filter = parseCaseFilter(new URL(request.url).searchParams);
  const [page, doctors, organisations] = await Promise.all([
    listCases(db, { actor, filter }),
    assignableDoctors(db, { actor }),
    organisationOptions(db, { actor }),
  ]);
  return { page, filter, doctors, organisations };
}

const refusals = {
  "not-found": "That case no longer exists.",
  "invalid-state": "Only a case whose report is not yet signed can be reassigned.",
  "doctor-unavailable": "Choose a doctor whose access is active.",
} as const;

export async function action({ context, request }: Route.ActionArgs) {
  const admin = adminRequest(context);
  const form = await request.formData();
  const runtime = context.get(runtimeContext);
  const result = await reassignCase(admin.db, {
    actor: admin.actor,
    referralId: formUuid(form, "referralId"),
    doctorUserId: String(form.get("doctorUserId") ?? ""),
    request: admin.request,
    notify: { mailer: runtime.mailer, publicUrl: runtime.config.PUBLIC_URL },
  });
  if (result.status !== "reassigned") {
    return data({ ok: false as const, message: refusals[result.status] }, { status: 400 });
  }
  return {
    ok: true as const,
    message: "Case reassigned. The doctor has been e-mailed and can open it now.",
  };
}

export default function AdminCases({ loaderData, actionData }: Route.ComponentProps) {
  const { page, filter, doctors, organisations } = loaderData;
  const filters = useFilterForm();
  useEffect(() => {
    if (actionData) (actionData.ok ? toast : toast.error)(actionData.message);
  }, [actionData]);
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6">
      <AdminPageHeader
        title="Cases"
        description="Every referral's status and assignment. Health answers and reports are not shown here."
      />
      {/* Each select applies as soon as it changes; the button serves the text and no-JS browsers. */}
      <Form
        ref={filters.ref}
        method="get"
        onChange={filters.onChange}
        className="grid gap-4 rounded-xl border bg-card p-4 md:grid-cols-5 md:items-end"
      >
        <div className="grid gap-2">
          <Label htmlFor="q">Reference or name</Label>
          <Input id="q" name="q" defaultValue={filter.search} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="status">Status</Label>
          <NativeSelect id="status" name="status" defaultValue={filter.status ?? ""}>
            <NativeSelectOption value="">Any status</NativeSelectOption>
            {referralStatuses.map((s) => (
              <NativeSelectOption key={s} value={s}>
                {statusLabels[s]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="type">Type</Label>
          <NativeSelect id="type" name="type" defaultValue={filter.type ?? ""}>
            <NativeSelectOption value="">Any type</NativeSelectOption>
            <NativeSelectOption value="management">Management referral</NativeSelectOption>
            <NativeSelectOption value="pre_employment">Pre-employment</NativeSelectOption>
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="organisation">Organisation</Label>
          <NativeSelect
            id="organisation"
            name="organisation"
            defaultValue={filter.organisationId ?? ""}
          >
            <NativeSelectOption value="">Any organisation</NativeSelectOption>
            {organisations.map((o) => (
              <NativeSelectOption key={o.id} value={o.id}>
                {o.name}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        {filter.flag ? <input type="hidden" name="flag" value={filter.flag} /> : null}
        <Button type="submit" variant="outline">
          Filter cases
        </Button>
      </Form>
      {filter.flag ? (
        <p className="text-sm">
          Showing only {filter.flag === "urgent" ? "open urgent cases" : "cases past their SLA"}.{" "}
          <Link to="/admin/cases" className="text-primary underline-offset-4 hover:underline">
            Show all cases
          </Link>
        </p>
      ) : null}
      {page.rows.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card px-6 py-10 text-center text-muted-foreground">
          No cases match these filters.
        </p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Reference</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Organisation</TableHead>
              <TableHead>SLA due</TableHead>
              <TableHead>Doctor</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {page.rows.map((c) => (
              <TableRow key={c.id}>
                <TableCell label="Reference">
                  <span className="font-medium">{c.reference}</span>
                  {c.urgent ? (
                    <Badge variant="destructive" className="ml-2">
                      Urgent
                    </Badge>
                  ) : null}
                  <span className="block text-muted-foreground text-sm">
                    {c.type === "management" ? "Management" : "Pre-employment"} · {c.subjectName}
                  </span>
                </TableCell>
                <TableCell label="Status">
                  <Badge variant={statusTone(c.status)}>{statusLabels[c.status]}</Badge>
                </TableCell>
                <TableCell label="Organisation">{c.organisationName ?? "Unknown"}</TableCell>
                <TableCell label="SLA due">
                  {c.slaDueAt ? adminDateTime.format(new Date(c.slaDueAt)) : "Not started"}
                </TableCell>
                <TableCell label="Doctor">
                  {reassignableStatuses.includes(c.status) ? (
                    <Form method="post" className="flex flex-wrap items-center gap-2">
                      <input type="hidden" name="referralId" value={c.id} />
                      <NativeSelect
                        name="doctorUserId"
                        aria-label={`Doctor for ${c.reference}`}
                        defaultValue={c.assignedDoctorId ?? ""}
                        wrapperClassName="w-48"
                      >
                        <NativeSelectOption value="" disabled>
                          Unassigned
                        </NativeSelectOption>
                        {doctors.map((d) => (
                          <NativeSelectOption key={d.userId} value={d.userId}>
                            {d.name}
                          </NativeSelectOption>
                        ))}
                      </NativeSelect>
                      <Button
                        type="submit"
                        size="sm"
                        variant="outline"
                        aria-label={`Reassign ${c.reference}`}
                      >
                        Reassign
                      </Button>
                    </Form>
                  ) : (
                    (c.assignedDoctorName ?? <span className="text-muted-foreground">None</span>)
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pagination page={page.page} pageCount={page.pageCount} total={page.total} noun="cases" />
    </div>
  );
}
