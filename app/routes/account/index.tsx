import { LogOutIcon, ShieldCheckIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { PasswordInput } from "~/components/account/password-input.tsx";
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
  changePasswordSchema,
  currentPasswordSchema,
  doctorQualificationsSchema,
  type FieldErrors,
  organisationSchema,
  parseForm,
  profileSchema,
  QUALIFICATIONS_MAX,
} from "~/domain/accounts/schemas.ts";
import { disableTwoFactor } from "~/domain/accounts/two-factor.server.ts";
import {
  changePassword,
  updateOrganisation,
  updateProfile,
} from "~/domain/accounts/update-account.server.ts";
import { redirectWithCookies } from "~/middleware/responses.server.ts";
import { currentSession, requestMeta } from "~/middleware/session.server.ts";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [
  { title: "My Account | ReferOH" },
  { name: "robots", content: "noindex" },
];

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

type Section = "profile" | "professional" | "organisation" | "password" | "two-factor";
type ActionData = { section: Section; ok: boolean; errors?: FieldErrors; message?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const current = currentSession(context);
  const { actor, user } = current;
  const meta = requestMeta(context, request);
  const form = await request.formData();
  const section = String(form.get("intent")) as Section;
  const fail = (errors: FieldErrors, status = 400) =>
    data<ActionData>({ section, ok: false, errors, message: Object.values(errors)[0] }, { status });

  if (section === "profile") {
    const parsed = parseForm(profileSchema, form);
    if (parsed.errors) return fail(parsed.errors);
    await updateProfile(runtime, { actor, name: parsed.data.name, request: meta });
    return data<ActionData>({ section, ok: true });
  }
  if (section === "professional") {
    const parsed = parseForm(doctorQualificationsSchema, form);
    if (parsed.errors) return fail(parsed.errors);
    if (!can(actor, "doctor-area:view"))
      return fail({ qualifications: "Only an active doctor can change qualifications" }, 403);
    await updateOwnQualifications(runtime, {
      actor,
      qualifications: parsed.data.qualifications,
      request: meta,
    });
    return data<ActionData>({ section, ok: true });
  }
  if (section === "organisation") {
    const parsed = parseForm(organisationSchema, form);
    if (parsed.errors) return fail(parsed.errors);
    if (!can(actor, "organisation:update"))
      return fail({ companyName: "Only the account owner can change company details" }, 403);
    await updateOrganisation(runtime, {
      actor,
      name: parsed.data.companyName,
      industry: parsed.data.industry,
      phone: parsed.data.phone,
      address: parsed.data.address,
      request: meta,
    });
    return data<ActionData>({ section, ok: true });
  }
  if (section === "password") {
    const parsed = parseForm(changePasswordSchema, form);
    if (parsed.errors) return fail(parsed.errors);
    const result = await changePassword(runtime, {
      actor,
      email: user.email,
      name: user.name,
      currentPassword: parsed.data.currentPassword,
      newPassword: parsed.data.newPassword,
      request: meta,
    });
    if (result.status === "wrong-password")
      return fail({ currentPassword: "Your current password is incorrect" });
    if (result.status === "weak-password") return fail({ newPassword: result.message });
    if (result.status === "locked")
      return fail({ currentPassword: "Too many failed attempts. Try again in 15 minutes." }, 429);
    return redirectWithCookies("/account?updated=password", result.setCookies);
  }
  if (section === "two-factor") {
    const parsed = parseForm(currentPasswordSchema, form);
    if (parsed.errors)
      return fail({ disablePassword: parsed.errors.password ?? "Enter your password" });
    const result = await disableTwoFactor(runtime, {
      actor,
      email: user.email,
      password: parsed.data.password,
      request: meta,
    });
    if (result.status === "wrong-password")
      return fail({ disablePassword: "Your password is incorrect" });
    if (result.status === "forbidden")
      return fail({ disablePassword: "Two-factor authentication is required for your role" }, 403);
    if (result.status === "stale-session") {
      return fail({
        disablePassword: "For your security, sign out and sign in again before turning this off.",
      });
    }
    return redirectWithCookies("/account?updated=two-factor", result.setCookies);
  }
  throw data("Unknown action", { status: 400 });
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

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, organisation, canEditOrganisation, canDisableTwoFactor, doctor } = loaderData;
  const navigation = useNavigation();
  const passwordForm = useRef<HTMLFormElement>(null);
  const busy = (section: Section) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === section;
  const errorsFor = (section: Section) =>
    actionData?.section === section ? (actionData.errors ?? {}) : {};

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
    passwordForm.current?.reset();
    window.history.replaceState(window.history.state, "", window.location.pathname);
  }, []);

  const profileErrors = errorsFor("profile");
  const professionalErrors = errorsFor("professional");
  const orgErrors = errorsFor("organisation");
  const passwordErrors = errorsFor("password");
  const twoFactorErrors = errorsFor("two-factor");

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="font-semibold text-3xl tracking-tight">My Account</h1>
        <p className="mt-2 text-muted-foreground">
          Your details, your password and how you sign in.
        </p>
      </div>

      <SectionCard id="profile-heading" title="Your details">
        <ErrorSummary errors={profileErrors} className="mb-4" />
        <Form method="post" noValidate className="grid gap-5">
          <input type="hidden" name="intent" value="profile" />
          <FormField id="name" label="Full name" error={profileErrors.name}>
            <Input name="name" autoComplete="name" defaultValue={user.name} />
          </FormField>
          <div className="grid gap-1">
            <p className="font-medium">Email</p>
            <p className="break-all text-muted-foreground">{user.email}</p>
            <p className="text-muted-foreground text-sm">
              To change your email address, contact us.
            </p>
          </div>
          <div>
            <Button type="submit" disabled={busy("profile")}>
              {busy("profile") ? "Saving..." : "Save details"}
            </Button>
          </div>
        </Form>
      </SectionCard>

      {doctor ? (
        <SectionCard id="professional-heading" title="Professional details">
          <ErrorSummary errors={professionalErrors} className="mb-4" />
          <Form method="post" noValidate className="grid gap-5">
            <input type="hidden" name="intent" value="professional" />
            <div className="grid gap-1">
              <p className="font-medium">GMC number</p>
              <p className="text-muted-foreground">{doctor.gmcNumber}</p>
            </div>
            <FormField
              id="qualifications"
              label="Qualifications"
              hint="Printed after your name and beside your GMC number when you sign a report, e.g. MB ChB, MFOM. Reports you have already signed keep what they were signed with."
              optional
              error={professionalErrors.qualifications}
            >
              <Input
                name="qualifications"
                maxLength={QUALIFICATIONS_MAX}
                defaultValue={doctor.qualifications ?? ""}
              />
            </FormField>
            <div>
              <Button type="submit" disabled={busy("professional")}>
                {busy("professional") ? "Saving..." : "Save professional details"}
              </Button>
            </div>
          </Form>
        </SectionCard>
      ) : null}

      {organisation ? (
        <SectionCard id="organisation-heading" title="Company details">
          {canEditOrganisation ? (
            <>
              <ErrorSummary errors={orgErrors} className="mb-4" />
              <Form method="post" noValidate className="grid gap-5 sm:grid-cols-2">
                <input type="hidden" name="intent" value="organisation" />
                <FormField
                  id="companyName"
                  label="Company name"
                  error={orgErrors.companyName}
                  className="sm:col-span-2"
                >
                  <Input
                    name="companyName"
                    autoComplete="organization"
                    defaultValue={organisation.name}
                  />
                </FormField>
                <FormField id="industry" label="Industry" optional error={orgErrors.industry}>
                  <Input name="industry" defaultValue={organisation.industry ?? ""} />
                </FormField>
                <FormField id="phone" label="Phone" optional error={orgErrors.phone}>
                  <Input
                    name="phone"
                    type="tel"
                    autoComplete="tel"
                    defaultValue={organisation.phone ?? ""}
                  />
                </FormField>
                <FormField
                  id="address"
                  label="Address"
                  optional
                  error={orgErrors.address}
                  className="sm:col-span-2"
                >
                  <Textarea name="address" rows={3} defaultValue={organisation.address ?? ""} />
                </FormField>
                <div className="sm:col-span-2">
                  <Button type="submit" disabled={busy("organisation")}>
                    {busy("organisation") ? "Saving..." : "Save company details"}
                  </Button>
                </div>
              </Form>
            </>
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
        <ErrorSummary errors={passwordErrors} className="mb-4" />
        <Form ref={passwordForm} method="post" noValidate className="grid gap-5">
          <input type="hidden" name="intent" value="password" />
          <FormField
            id="currentPassword"
            label="Current password"
            error={passwordErrors.currentPassword}
          >
            {(control) => (
              <PasswordInput {...control} name="currentPassword" autoComplete="current-password" />
            )}
          </FormField>
          <FormField
            id="newPassword"
            label="New password"
            hint="At least 8 characters"
            error={passwordErrors.newPassword}
          >
            {(control) => (
              <PasswordInput {...control} name="newPassword" autoComplete="new-password" />
            )}
          </FormField>
          <FormField
            id="confirmPassword"
            label="Confirm new password"
            error={passwordErrors.confirmPassword}
          >
            {(control) => (
              <PasswordInput {...control} name="confirmPassword" autoComplete="new-password" />
            )}
          </FormField>
          <p className="text-muted-foreground text-sm">
            Changing your password signs you out on every other device.
          </p>
          <div>
            <Button type="submit" disabled={busy("password")}>
              {busy("password") ? "Changing..." : "Change password"}
            </Button>
          </div>
        </Form>
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
          <Form method="post" noValidate className="mt-4 grid max-w-sm gap-4">
            <input type="hidden" name="intent" value="two-factor" />
            <FormField
              id="disablePassword"
              label="Password"
              hint="Enter your password to turn two-factor off."
              error={twoFactorErrors.disablePassword}
            >
              {(control) => (
                <PasswordInput {...control} name="password" autoComplete="current-password" />
              )}
            </FormField>
            <div>
              <Button type="submit" variant="destructive" disabled={busy("two-factor")}>
                Turn off two-factor authentication
              </Button>
            </div>
          </Form>
        ) : (
          <p className="mt-4 text-muted-foreground text-sm">
            Two-factor authentication is required for doctors and administrators and cannot be
            turned off.
          </p>
        )}
      </SectionCard>

      <Form method="post" action="/logout">
        <Button type="submit" variant="outline" className="gap-2">
          <LogOutIcon aria-hidden="true" className="size-4" />
          Sign out
        </Button>
      </Form>
    </div>
  );
}
