import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { UserPlusIcon } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { data, Form } from "react-router";
import { adminMeta } from "~/components/admin/list-page.tsx";
import { AdminPage } from "~/components/admin/pagination.tsx";
import { AdminSection } from "~/components/admin/section.tsx";
import {
  ConfirmButtons,
  IntentForm,
  useSubmittingIntent,
} from "~/components/forms/intent-form.tsx";
import { TextField } from "~/components/forms/text-field.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { errorSummary } from "~/components/forms/use-validated-form.ts";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toaster";
import { runtimeContext } from "~/context.ts";
import { inviteDoctor, listDoctors, setDoctorAccess } from "~/domain/accounts/doctors.server.ts";
import { inviteDoctorSchema, QUALIFICATIONS_MAX } from "~/domain/accounts/schemas.ts";
import { doctorAccessSchema } from "~/domain/admin/doctors.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import type { Route } from "./+types/doctors";
import { adminScope } from "./admin-scope.server.ts";

export const meta: Route.MetaFunction = () => adminMeta("Doctors");

export async function loader({ context }: Route.LoaderArgs) {
  const doctors = await listDoctors(adminScope(context));
  return { doctors };
}

type ActionResult =
  | { intent: "invite"; ok: boolean; result: SubmissionResult<string[]> }
  | { intent: "revoke" | "restore"; ok: true }
  | { intent: "confirm-revoke"; ok: false; doctorUserId: string };

export async function action({ request, context }: Route.ActionArgs) {
  const scope = adminScope(context);
  const form = await request.formData();
  const access = parseSubmission(form, doctorAccessSchema);
  if (access.status === "success") {
    const { intent, userId: doctorUserId, confirm } = access.value;
    // Revoking ends the doctor's sessions at once: ask first.
    if (intent === "revoke" && confirm !== "yes")
      return data<ActionResult>({ intent: "confirm-revoke", ok: false, doctorUserId });
    const result = await setDoctorAccess(scope, { doctorUserId, active: intent === "restore" });
    if (result === "not-found") throw data("Doctor not found", { status: 404 });
    return data<ActionResult>({ intent, ok: true });
  }
  const submission = parseSubmission(form, inviteDoctorSchema);
  if (submission.status !== "success")
    return data<ActionResult>(
      { intent: "invite", ok: false, result: submission.reply() },
      { status: 400 },
    );
  const result = await inviteDoctor(scope, context.get(runtimeContext), submission.value);
  const taken: Record<string, string[]> | null =
    result.status === "email-taken"
      ? { email: ["An account with this email address already exists"] }
      : result.status === "gmc-taken"
        ? { gmcNumber: ["A doctor with this GMC number already exists"] }
        : null;
  if (taken)
    return data<ActionResult>(
      { intent: "invite", ok: false, result: submission.reply({ fieldErrors: taken }) },
      { status: 400 },
    );
  return data<ActionResult>({
    intent: "invite",
    ok: true,
    result: submission.reply({ resetForm: true }),
  });
}

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
});

export default function AdminDoctors({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm({
    id: "invite-doctor",
    schema: inviteDoctorSchema,
    lastResult: actionData?.intent === "invite" ? actionData.result : null,
  });
  const summary = errorSummary(fields, {
    name: "name",
    email: "email",
    gmcNumber: "gmcNumber",
    qualifications: "qualifications",
  });
  useEffect(() => {
    if (!actionData?.ok) return;
    if (actionData.intent === "invite") {
      toast("Invitation sent", {
        description: "The doctor will receive an email with a link to set their password.",
      });
    } else {
      toast(actionData.intent === "revoke" ? "Access revoked" : "Access restored");
    }
  }, [actionData]);
  const confirmRevoke = actionData?.intent === "confirm-revoke" ? actionData.doctorUserId : null;
  const inviting = useSubmittingIntent() === "invite";

  return (
    <AdminPage
      title="Doctors"
      description="Invite doctors to the Medical Professional Portal, and revoke or restore their access. A change takes effect on the doctor's next request."
    >
      <AdminSection id="invite-heading" title="Invite a doctor" icon={UserPlusIcon} card>
        <ErrorSummary errors={summary} className="mt-4" />
        <IntentForm form={form} intent="invite" className="mt-4 grid gap-5 md:grid-cols-2">
          <TextField label="Full name" field={fields.name} autoComplete="off" />
          <TextField label="Email" field={fields.email} type="email" autoComplete="off" />
          <TextField
            label="GMC number"
            hint="7 digits"
            field={fields.gmcNumber}
            inputMode="numeric"
            maxLength={7}
            autoComplete="off"
          />
          <TextField
            label="Qualifications"
            hint="As printed after the name in a report, e.g. MB ChB, MFOM. The doctor can change them later."
            optional
            field={fields.qualifications}
            maxLength={QUALIFICATIONS_MAX}
            autoComplete="off"
          />
          <div className="md:col-span-2">
            <Button type="submit" disabled={inviting}>
              {inviting ? "Sending invitation..." : "Send invitation"}
            </Button>
          </div>
        </IntentForm>
      </AdminSection>

      <AdminSection id="list-heading" title="All doctors">
        {loaderData.doctors.length === 0 ? (
          <p className="mt-4 rounded-xl border border-dashed bg-card px-6 py-10 text-center text-muted-foreground">
            No doctors yet. Invite the first one above.
          </p>
        ) : (
          <ul className="mt-4 grid gap-3">
            {loaderData.doctors.map((doctor) => (
              <li
                key={doctor.userId}
                className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm md:flex-row md:items-center md:justify-between"
              >
                <div>
                  <p className="font-semibold">{doctor.name}</p>
                  <p className="break-all text-muted-foreground text-sm">{doctor.email}</p>
                  <p className="text-muted-foreground text-sm">
                    {doctor.qualifications ? `${doctor.qualifications} · ` : ""}GMC{" "}
                    {doctor.gmcNumber} · invited {dateFormat.format(new Date(doctor.createdAt))}
                  </p>
                  <p className="text-muted-foreground text-sm">
                    Last sign-in:{" "}
                    {doctor.lastSignInAt
                      ? dateFormat.format(new Date(doctor.lastSignInAt))
                      : "never"}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  {doctor.active ? (
                    <Badge variant="outline">Active</Badge>
                  ) : (
                    <Badge variant="outlineDestructive">Access revoked</Badge>
                  )}
                  {!doctor.passwordSet ? <Badge variant="outline">Invitation pending</Badge> : null}
                  {doctor.passwordSet && !doctor.twoFactorEnabled ? (
                    <Badge variant="outline">Two-factor not set up</Badge>
                  ) : null}
                  {confirmRevoke === doctor.userId ? (
                    <DoctorAccessForm
                      userId={doctor.userId}
                      intent="revoke"
                      confirm
                      className="flex flex-wrap items-center gap-2 rounded-lg border border-destructive p-2"
                    >
                      <span className="font-medium text-sm">
                        Revoke {doctor.name}'s access and end their sessions?
                      </span>
                      <ConfirmButtons yes="Yes, revoke access" size="sm" />
                    </DoctorAccessForm>
                  ) : (
                    <DoctorAccessForm
                      userId={doctor.userId}
                      intent={doctor.active ? "revoke" : "restore"}
                    >
                      <Button
                        type="submit"
                        size="sm"
                        variant={doctor.active ? "destructive" : "outline"}
                        aria-label={`${doctor.active ? "Revoke access for" : "Restore access for"} ${doctor.name}`}
                      >
                        {doctor.active ? "Revoke access" : "Restore access"}
                      </Button>
                    </DoctorAccessForm>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </AdminSection>
    </AdminPage>
  );
}

/** Revoke or restore one doctor's access; the confirmation of a revocation says so. */
function DoctorAccessForm({
  userId,
  intent,
  confirm = false,
  className,
  children,
}: {
  userId: string;
  intent: "revoke" | "restore";
  confirm?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const [form] = useSchemaForm({
    id: `${confirm ? "confirm-" : ""}${intent}-${userId}`,
    schema: doctorAccessSchema,
    lastResult: null,
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      role={confirm ? "alert" : undefined}
      className={className}
    >
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="intent" value={intent} />
      {confirm ? <input type="hidden" name="confirm" value="yes" /> : null}
      {children}
    </Form>
  );
}
