import { UserPlusIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ErrorSummary, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toaster";
import { runtimeContext } from "~/context.ts";
import { inviteDoctor, listDoctors, setDoctorAccess } from "~/domain/accounts/doctors.server.ts";
import {
  type FieldErrors,
  inviteDoctorSchema,
  parseForm,
  QUALIFICATIONS_MAX,
} from "~/domain/accounts/schemas.ts";
import { requestMeta } from "~/middleware/session.server.ts";
import type { Route } from "./+types/doctors";
import { adminRequest } from "./admin-request.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Doctors | ReferOH administration" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { actor } = adminRequest(context);
  const doctors = await listDoctors(context.get(runtimeContext), { actor });
  return { doctors };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = adminRequest(context);
  const runtime = context.get(runtimeContext);
  const meta = requestMeta(context, request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "revoke" || intent === "restore") {
    const doctorUserId = String(form.get("userId") ?? "");
    // Revoking ends the doctor's sessions at once: ask first.
    if (intent === "revoke" && form.get("confirm") !== "yes") {
      return { intent: "confirm-revoke" as const, ok: false as const, errors: null, doctorUserId };
    }
    const result = await setDoctorAccess(runtime, {
      actor,
      doctorUserId,
      active: intent === "restore",
      request: meta,
    });
    if (result === "not-found") throw data("Doctor not found", { status: 404 });
    return { intent, ok: true as const, errors: null };
  }
  const parsed = parseForm(inviteDoctorSchema, form);
  if (parsed.errors)
    return data({ intent: "invite", ok: false as const, errors: parsed.errors }, { status: 400 });
  const result = await inviteDoctor(runtime, { actor, ...parsed.data, request: meta });
  if (result.status === "email-taken") {
    return data(
      {
        intent: "invite",
        ok: false as const,
        errors: { email: "An account with this email address already exists" },
      },
      { status: 400 },
    );
  }
  if (result.status === "gmc-taken") {
    return data(
      {
        intent: "invite",
        ok: false as const,
        errors: { gmcNumber: "A doctor with this GMC number already exists" },
      },
      { status: 400 },
    );
  }
  return { intent: "invite", ok: true as const, errors: null };
}

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
});

export default function AdminDoctors({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const errors: FieldErrors = actionData?.errors ?? {};
  useEffect(() => {
    if (!actionData?.ok) return;
    if (actionData.intent === "invite") {
      formRef.current?.reset();
      toast("Invitation sent", {
        description: "The doctor will receive an email with a link to set their password.",
      });
    } else {
      toast(actionData.intent === "revoke" ? "Access revoked" : "Access restored");
    }
  }, [actionData]);
  const confirmRevoke =
    actionData?.intent === "confirm-revoke" && "doctorUserId" in actionData
      ? actionData.doctorUserId
      : null;
  const inviting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "invite";

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6">
      <div>
        <h1 className="font-semibold text-3xl tracking-tight">Doctors</h1>
        <p className="mt-2 text-muted-foreground">
          Invite doctors to the Medical Professional Portal, and revoke or restore their access. A
          change takes effect on the doctor's next request.
        </p>
      </div>

      <section aria-labelledby="invite-heading" className="rounded-xl border bg-card p-6 shadow-sm">
        <h2 id="invite-heading" className="flex items-center gap-2 font-semibold text-lg">
          <UserPlusIcon aria-hidden="true" className="size-5" />
          Invite a doctor
        </h2>
        <ErrorSummary errors={errors} className="mt-4" />
        <Form ref={formRef} method="post" noValidate className="mt-4 grid gap-5 md:grid-cols-2">
          <input type="hidden" name="intent" value="invite" />
          <FormField id="name" label="Full name" error={errors.name}>
            <Input name="name" autoComplete="off" />
          </FormField>
          <FormField id="email" label="Email" error={errors.email}>
            <Input name="email" type="email" autoComplete="off" />
          </FormField>
          <FormField id="gmcNumber" label="GMC number" hint="7 digits" error={errors.gmcNumber}>
            <Input name="gmcNumber" inputMode="numeric" maxLength={7} autoComplete="off" />
          </FormField>
          <FormField
            id="qualifications"
            label="Qualifications"
            hint="As printed after the name in a report, e.g. MB ChB, MFOM. The doctor can change them later."
            optional
            error={errors.qualifications}
          >
            <Input name="qualifications" maxLength={QUALIFICATIONS_MAX} autoComplete="off" />
          </FormField>
          <div className="md:col-span-2">
            <Button type="submit" disabled={inviting}>
              {inviting ? "Sending invitation..." : "Send invitation"}
            </Button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="list-heading">
        <h2 id="list-heading" className="font-semibold text-lg">
          All doctors
        </h2>
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
                    <Form
                      method="post"
                      role="alert"
                      className="flex flex-wrap items-center gap-2 rounded-lg border border-destructive p-2"
                    >
                      <span className="font-medium text-sm">
                        Revoke {doctor.name}'s access and end their sessions?
                      </span>
                      <input type="hidden" name="userId" value={doctor.userId} />
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="confirm" value="yes" />
                      <Button type="submit" size="sm" variant="destructive">
                        Yes, revoke access
                      </Button>
                      <Button asChild size="sm" variant="outline">
                        <Link to=".">Cancel</Link>
                      </Button>
                    </Form>
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="userId" value={doctor.userId} />
                      <input
                        type="hidden"
                        name="intent"
                        value={doctor.active ? "revoke" : "restore"}
                      />
                      <Button
                        type="submit"
                        size="sm"
                        variant={doctor.active ? "destructive" : "outline"}
                        aria-label={`${doctor.active ? "Revoke access for" : "Restore access for"} ${doctor.name}`}
                      >
                        {doctor.active ? "Revoke access" : "Restore access"}
                      </Button>
                    </Form>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
