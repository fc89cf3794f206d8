import { getFormProps } from "@conform-to/react";
import { useEffect } from "react";
import { data, Form, Link } from "react-router";
import {
  AdminFilterForm,
  AdminListPage,
  AdminResults,
  adminMeta,
  FilterField,
  OrganisationSelect,
} from "~/components/admin/list-page.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import {
  NativeSelect,
  NativeSelectOption,
  NativeSelectOptions,
} from "~/components/ui/native-select";
import { DataTable, TableCell, TableRow } from "~/components/ui/table";
import { toast } from "~/components/ui/toaster";
import {
  assignableDoctors,
  type CaseRow,
  listCases,
  reassignCase,
} from "~/domain/admin/cases.server.ts";
import {
  caseFilterSchema,
  reassignableStatuses,
  reassignCaseSchema,
} from "~/domain/admin/cases.ts";
import { organisationOptions } from "~/domain/admin/organisation-options.server.ts";
import { referralStatuses, statusLabels, statusTone } from "~/domain/referrals/lifecycle.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { isUuid } from "~/lib/ids.ts";
import type { Route } from "./+types/cases";
import { adminList, adminScope } from "./admin-scope.server.ts";

export const meta: Route.MetaFunction = () => adminMeta("Cases");

export async function loader({ context, request }: Route.LoaderArgs) {
  const { scope, filter } = adminList(context, request, caseFilterSchema);
  const [page, doctors, organisations] = await Promise.all([
    listCases(scope, filter),
    assignableDoctors(scope),
    organisationOptions(scope),
  ]);
  return { page, filter, doctors, organisations };
}

const refusals = {
  "not-found": "That case no longer exists.",
  "invalid-state": "Only a case whose report is not yet signed can be reassigned.",
  "doctor-unavailable": "Choose a doctor whose access is active.",
} as const;

export async function action({ context, request }: Route.ActionArgs) {
  const scope = adminScope(context);
  // Both fields fall back ("" for none chosen), so the submission always reads.
  const submission = parseSubmission(await request.formData(), reassignCaseSchema);
  const { referralId, doctorUserId } =
    submission.status === "success" ? submission.value : { referralId: "", doctorUserId: "" };
  // The case's id is the row's own hidden field: one that does not read is not one of ours.
  if (!isUuid(referralId)) throw data("Not found", { status: 404 });
  const result = await reassignCase(scope, {
    referralId,
    doctorUserId,
    notify: true,
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
  useEffect(() => {
    if (actionData) (actionData.ok ? toast : toast.error)(actionData.message);
  }, [actionData]);
  return (
    <AdminListPage
      title="Cases"
      description="Every referral's status and assignment. Health answers and reports are not shown here."
    >
      {/* Each select applies as soon as it changes; the button serves the text and no-JS browsers. */}
      <AdminFilterForm
        id="case-filters"
        schema={caseFilterSchema}
        className="grid grid-cols-1 gap-4 rounded-xl border bg-card p-4 md:grid-cols-5 md:items-end"
      >
        <FilterField id="q" label="Reference or name">
          <Input id="q" name="q" defaultValue={filter.q} />
        </FilterField>
        <FilterField id="status" label="Status">
          <NativeSelect id="status" name="status" defaultValue={filter.status ?? ""}>
            <NativeSelectOption value="">Any status</NativeSelectOption>
            <NativeSelectOptions values={referralStatuses} label={(s) => statusLabels[s]} />
          </NativeSelect>
        </FilterField>
        <FilterField id="type" label="Type">
          <NativeSelect id="type" name="type" defaultValue={filter.type ?? ""}>
            <NativeSelectOption value="">Any type</NativeSelectOption>
            <NativeSelectOption value="management">Management referral</NativeSelectOption>
            <NativeSelectOption value="pre_employment">Pre-employment</NativeSelectOption>
          </NativeSelect>
        </FilterField>
        <OrganisationSelect organisations={organisations} defaultValue={filter.organisation} />
        {filter.flag ? <input type="hidden" name="flag" value={filter.flag} /> : null}
        <Button type="submit" variant="outline">
          Filter cases
        </Button>
      </AdminFilterForm>
      {filter.flag ? (
        <p className="text-sm">
          Showing only {filter.flag === "urgent" ? "open urgent cases" : "cases past their SLA"}.{" "}
          <Link to="/admin/cases" className="text-primary underline-offset-4 hover:underline">
            Show all cases
          </Link>
        </p>
      ) : null}
      <AdminResults page={page} noun="cases" empty="No cases match these filters.">
        <DataTable columns={["Reference", "Status", "Organisation", "SLA due", "Doctor"]}>
          {page.rows.map((c) => (
            <TableRow key={c.id}>
              <TableCell label="Reference">
                <Link
                  to={`/admin/cases/${c.id}`}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  {c.reference}
                </Link>
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
                {c.slaDueAt ? formatDateTime(c.slaDueAt) : "Not started"}
              </TableCell>
              <TableCell label="Doctor">
                {reassignableStatuses.includes(c.status) ? (
                  <ReassignForm case={c} doctors={doctors} />
                ) : (
                  (c.assignedDoctorName ?? <span className="text-muted-foreground">None</span>)
                )}
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      </AdminResults>
    </AdminListPage>
  );
}

/** The doctor menu on a case row: posts the case and the chosen doctor. */
function ReassignForm({
  case: c,
  doctors,
}: {
  case: Pick<CaseRow, "id" | "reference" | "assignedDoctorId">;
  doctors: { userId: string; name: string }[];
}) {
  const [form] = useSchemaForm({
    id: `reassign-${c.id}`,
    schema: reassignCaseSchema,
    lastResult: null,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-center gap-2">
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
      <Button type="submit" size="sm" variant="outline" aria-label={`Reassign ${c.reference}`}>
        Reassign
      </Button>
    </Form>
  );
}
