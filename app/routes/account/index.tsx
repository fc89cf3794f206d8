import { type FormMetadata, getFormProps, type SubmissionResult } from "@conform-to/react";
import { LogOutIcon, ShieldCheckIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, Link } from "react-router";
import { OrganisationField } from "~/components/account/organisation-field.tsx";
import { CurrentPasswordField, NewPasswordFields } from "~/components/account/password-fields.tsx";
import { SignOutButton } from "~/components/account/sign-out.tsx";
import { useSubmittingIntent } from "~/components/forms/intent-form.tsx";
import { useSentForm } from "~/components/forms/use-sent-form.ts";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ErrorSummary, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import { runtimeContext } from "~/context.ts";
import { can } from "~/domain/access/permissions.ts";
import { getOwnDoctorProfile, updateOwnQualifications } from "~/domain/accounts/doctors.server.ts";
import {
  accountFormSchema,
  accountForms,
  passwordFields,
  QUALIFICATIONS_MAX,
} from "~/domain/accounts/schemas.ts";
import { disableTwoFactor } from "~/domain/accounts/two-factor.server.ts";
import {
  changePassword,
  updateOrganisation,
  updateProfile,
} from "~/domain/accounts/update-account.server.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { redirectWithCookies } from "~/middleware/responses.server.ts";
import { currentSession, requestMeta } from "~/middleware/session.server.ts";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => privatePageMeta("My Account");

export async function loader({ context }: Route.LoaderArgs) {
  const { user, organisation, actor } = currentSession(context);
  return {
    doctor: await getOwnDoctorProfile(context.get(runtimeContext), { actor }),
    user: {
      name: user.name,
      email: user.email,
      role: user.role,
      twoFactorEnabled: user.twoFactorEnabled,
    },
    organisation,
    canEditOrganisation: can(actor, "organisation:update"),
    canDisableTwoFactor: can(actor, "two-factor:disable"),
  };
}

type Section = keyof typeof accountForms;
type ActionData = {
  section: Section;
  ok: boolean;
  result?: SubmissionResult<string[]>;
  message?: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const current = currentSession(context);
  const { actor, user } = current;
  // Who changes their account, and from where: every section's change is recorded with both.
  const by = { actor, request: requestMeta(context, request) };
  const submission = parseSubmission(await request.formData(), accountFormSchema);
  const section = submission.payload.intent as Section;
  if (!Object.hasOwn(accountForms, section)) throw data("Unknown action", { status: 400 });
  const fail = (fieldErrors?: Record<string, string[]>, status = 400) => {
    const result = submission.reply({ hideFields: passwordFields, fieldErrors });
    const message = Object.values(result.error ?? {}).find((messages) => messages?.[0])?.[0];
    return data<ActionData>({ section, ok: false, result, message }, { status });
  };
  const saved = () => data<ActionData>({ section, ok: true });
  if (submission.status !== "success") return fail();
  const form = submission.value;

  switch (form.intent) {
    case "profile":
      await updateProfile(runtime, { ...by, name: form.name });
      return saved();
    case "professional":
      if (!can(actor, "doctor-area:view"))
        return fail({ qualifications: ["Only an active doctor can change qualifications"] }, 403);
      await updateOwnQualifications(runtime, { ...by, qualifications: form.qualifications });
      return saved();
    case "organisation":
      if (!can(actor, "organisation:update"))
        return fail({ companyName: ["Only the account owner can change company details"] }, 403);
      await updateOrganisation(runtime, {
        ...by,
        name: form.companyName,
        industry: form.industry,
        phone: form.phone,
        address: form.address,
      });
      return saved();
    case "password": {
      const result = await changePassword(runtime, {
        ...by,
        email: user.email,
        name: user.name,
        currentPassword: form.currentPassword,
        newPassword: form.newPassword,
      });
      if (result.status === "wrong-password")
        return fail({ currentPassword: ["Your current password is incorrect"] });
      if (result.status === "weak-password") return fail({ newPassword: [result.message] });
      if (result.status === "locked")
        return fail(
          { currentPassword: ["Too many failed attempts. Try again in 15 minutes."] },
          429,
        );
      return redirectWithCookies("/account?updated=password", result.setCookies);
    }
    case "two-factor": {
      const result = await disableTwoFactor(runtime, {
        ...by,
        email: user.email,
        password: form.password,
      });
      if (result.status === "wrong-password")
        return fail({ password: ["Your password is incorrect"] });
      if (result.status === "forbidden")
        return fail({ password: ["Two-factor authentication is required for your role"] }, 403);
      if (result.status === "stale-session") {
        return fail({
          password: ["For your security, sign out and sign in again before turning this off."],
        });
      }
      return redirectWithCookies("/account?updated=two-factor", result.setCookies);
    }
  }
}

function SectionCard({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border bg-card p-6 shadow-sm">
      <h2 id={id} className="font-semibold text-lg">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** One of the page's forms: its problems, then its fields, sent with the intent that names it. */
// biome-ignore lint/suspicious/noExplicitAny: Conform's own bound for a form's fields.
function SectionForm<Fields extends Record<string, any>>({
  intent,
  sent,
  formRef,
  className = "grid gap-5",
  children,
}: {
  intent: Section;
  sent: { form: FormMetadata<Fields, string[]>; summary: { id: string; message: string }[] };
  formRef?: React.Ref<HTMLFormElement>;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <ErrorSummary errors={sent.summary} className="mb-4" />
      <Form
        ref={formRef}
        method="post"
        {...getFormProps(sent.form)}
        noValidate
        className={className}
      >
        <input type="hidden" name="intent" value={intent} />
        {intent === "organisation" ? <OrganisationField /> : null}
        {children}
      </Form>
    </>
  );
}

/** A section form's submit button, which says so while its form is being sent. */
function SectionSubmit({
  section,
  busyLabel = "Saving...",
  className,
  children,
}: {
  section: Section;
  busyLabel?: string;
  className?: string;
  children: string;
}) {
  const busy = useSubmittingIntent() === section;
  return (
    <div className={className}>
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : children}
      </Button>
    </div>
  );
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, organisation, canEditOrganisation, canDisableTwoFactor, doctor } = loaderData;
  const passwordFormRef = useRef<HTMLFormElement>(null);
  const submitting = useSubmittingIntent();
  const resultFor = (section: Section) =>
    actionData?.section === section ? actionData.result : undefined;
  const profile = useSentForm(
    { id: "account-profile", schema: accountForms.profile, lastResult: resultFor("profile") },
    { name: "name" },
  );
  const professional = useSentForm(
    {
      id: "account-professional",
      schema: accountForms.professional,
      lastResult: resultFor("professional"),
    },
    { qualifications: "qualifications" },
  );
  const org = useSentForm(
    {
      id: "account-organisation",
      schema: accountForms.organisation,
      lastResult: resultFor("organisation"),
    },
    { companyName: "companyName", industry: "industry", phone: "phone", address: "address" },
  );
  const password = useSentForm(
    { id: "account-password", schema: accountForms.password, lastResult: resultFor("password") },
    {
      currentPassword: "currentPassword",
      newPassword: "newPassword",
      confirmPassword: "confirmPassword",
    },
  );
  // No summary entries (no control ids): one field, whose message shows beside it.
  const twoFactor = useSentForm({
    id: "account-two-factor",
    schema: accountForms["two-factor"],
    lastResult: resultFor("two-factor"),
  });

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) toast("Update successful", { description: "Your profile has been updated" });
    else toast.error("Update failed", { description: actionData.message });
  }, [actionData]);
  useEffect(() => {
    // After a redirect (password change, two-factor off): the toast, then a clean address.
    const params = new URLSearchParams(window.location.search);
    if (!params.has("updated")) return;
    toast("Update successful", { description: "Your profile has been updated" });
    passwordFormRef.current?.reset();
    window.history.replaceState(window.history.state, "", window.location.pathname);
  }, []);

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="font-semibold text-3xl tracking-tight">My Account</h1>
        <p className="mt-2 text-muted-foreground">
          Your details, your password and how you sign in.
        </p>
      </div>

      <SectionCard id="profile-heading" title="Your details">
        <SectionForm intent="profile" sent={profile}>
          <FormField id="name" label="Full name" error={profile.errorOf("name")}>
            <Input
              name="name"
              autoComplete="name"
              defaultValue={profile.fields.name.initialValue ?? user.name}
            />
          </FormField>
          <div className="grid gap-1">
            <p className="font-medium">Email</p>
            <p className="break-all text-muted-foreground">{user.email}</p>
            <p className="text-muted-foreground text-sm">
              To change your email address, contact us.
            </p>
          </div>
          <SectionSubmit section="profile">Save details</SectionSubmit>
        </SectionForm>
      </SectionCard>

      {doctor ? (
        <SectionCard id="professional-heading" title="Professional details">
          <SectionForm intent="professional" sent={professional}>
            <div className="grid gap-1">
              <p className="font-medium">GMC number</p>
              <p className="text-muted-foreground">{doctor.gmcNumber}</p>
            </div>
            <FormField
              id="qualifications"
              label="Qualifications"
              hint="Printed after your name and beside your GMC number when you sign a report, e.g. MB ChB, MFOM. Reports you have already signed keep what they were signed with."
              optional
              error={professional.errorOf("qualifications")}
            >
              <Input
                name="qualifications"
                maxLength={QUALIFICATIONS_MAX}
                defaultValue={
                  professional.fields.qualifications.initialValue ?? doctor.qualifications ?? ""
                }
              />
            </FormField>
            <SectionSubmit section="professional">Save professional details</SectionSubmit>
          </SectionForm>
        </SectionCard>
      ) : null}

      {organisation ? (
        <SectionCard id="organisation-heading" title="Company details">
          {canEditOrganisation ? (
            <SectionForm intent="organisation" sent={org} className="grid gap-5 sm:grid-cols-2">
              <FormField
                id="companyName"
                label="Company name"
                error={org.errorOf("companyName")}
                className="sm:col-span-2"
              >
                <Input
                  name="companyName"
                  autoComplete="organization"
                  defaultValue={org.fields.companyName.initialValue ?? organisation.name}
                />
              </FormField>
              <FormField id="industry" label="Industry" optional error={org.errorOf("industry")}>
                <Input
                  name="industry"
                  defaultValue={org.fields.industry.initialValue ?? organisation.industry ?? ""}
                />
              </FormField>
              <FormField id="phone" label="Phone" optional error={org.errorOf("phone")}>
                <Input
                  name="phone"
                  type="tel"
                  autoComplete="tel"
                  defaultValue={org.fields.phone.initialValue ?? organisation.phone ?? ""}
                />
              </FormField>
              <FormField
                id="address"
                label="Address"
                optional
                error={org.errorOf("address")}
                className="sm:col-span-2"
              >
                <Textarea
                  name="address"
                  rows={3}
                  defaultValue={org.fields.address.initialValue ?? organisation.address ?? ""}
                />
              </FormField>
              <SectionSubmit section="organisation" className="sm:col-span-2">
                Save company details
              </SectionSubmit>
            </SectionForm>
          ) : (
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
              <dt className="text-muted-foreground">Company</dt>
              <dd>{organisation.name}</dd>
              <dt className="text-muted-foreground">Industry</dt>
              <dd>{organisation.industry ?? "Not provided"}</dd>
              <dt className="text-muted-foreground">Phone</dt>
              <dd>{organisation.phone ?? "Not provided"}</dd>
              <dt className="text-muted-foreground">Address</dt>
              <dd>{organisation.address ?? "Not provided"}</dd>
            </dl>
          )}
        </SectionCard>
      ) : null}

      <SectionCard id="password-heading" title="Change password">
        <SectionForm intent="password" sent={password} formRef={passwordFormRef}>
          <CurrentPasswordField
            id="currentPassword"
            name="currentPassword"
            label="Current password"
            error={password.errorOf("currentPassword")}
          />
          <NewPasswordFields
            name="newPassword"
            label="New password"
            hint="At least 8 characters"
            errorOf={password.errorOf}
          />
          <p className="text-muted-foreground text-sm">
            Changing your password signs you out on every other device.
          </p>
          <SectionSubmit section="password" busyLabel="Changing...">
            Change password
          </SectionSubmit>
        </SectionForm>
      </SectionCard>

      <SectionCard id="two-factor-heading" title="Two-factor authentication">
        <div className="flex items-center gap-3">
          <ShieldCheckIcon aria-hidden="true" className="size-5 text-primary" />
          {user.twoFactorEnabled ? (
            <Badge variant="complete">On</Badge>
          ) : (
            <Badge variant="outline">Off</Badge>
          )}
          <span className="text-muted-foreground text-sm">Codes from an authenticator app</span>
        </div>
        {!user.twoFactorEnabled ? (
          <div className="mt-4">
            <Button asChild>
              <Link to="/account/two-factor">Set up two-factor authentication</Link>
            </Button>
          </div>
        ) : canDisableTwoFactor ? (
          <SectionForm intent="two-factor" sent={twoFactor} className="mt-4 grid max-w-sm gap-4">
            <CurrentPasswordField
              id="disablePassword"
              label="Password"
              hint="Enter your password to turn two-factor off."
              error={twoFactor.errorOf("password")}
            />
            <div>
              <Button type="submit" variant="destructive" disabled={submitting === "two-factor"}>
                Turn off two-factor authentication
              </Button>
            </div>
          </SectionForm>
        ) : (
          <p className="mt-4 text-muted-foreground text-sm">
            Two-factor authentication is required for doctors and administrators and cannot be
            turned off.
          </p>
        )}
      </SectionCard>

      <SignOutButton className="gap-2">
        <LogOutIcon aria-hidden="true" className="size-4" />
        Sign out
      </SignOutButton>
    </div>
  );
}
