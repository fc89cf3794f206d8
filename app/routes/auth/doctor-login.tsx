import { getFormProps } from "@conform-to/react";
import { StethoscopeIcon } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AccountEmailField } from "~/components/account/account-email-field.tsx";
import {
  AuthNotice,
  AuthProblem,
  useDismissibleProblem,
} from "~/components/account/auth-alerts.tsx";
import { AuthCard } from "~/components/account/auth-card.tsx";
import { isNoticeKey, notices } from "~/components/account/notice-texts.ts";
import { PasswordInput } from "~/components/account/password-input.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/toaster";
import { runtimeContext } from "~/context.ts";
import { roleHome } from "~/domain/access/permissions.ts";
import { passwordFields, signInSchema } from "~/domain/accounts/schemas.ts";
import { signInWithPassword } from "~/domain/accounts/sign-in.server.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { redirectWithCookies, withNotice } from "~/middleware/responses.server.ts";
import {
  ACCESS_PARAM,
  ACCESS_WITHDRAWN,
  ACCESS_WITHDRAWN_PATH,
  lookupSession,
  requestMeta,
} from "~/middleware/session.server.ts";
import type { Route } from "./+types/doctor-login";

export const meta: Route.MetaFunction = () => privatePageMeta("Medical Professional Portal");

export async function loader({ request, context }: Route.LoaderArgs) {
  const lookup = await lookupSession(context, request);
  if (lookup.status === "active") throw redirect(roleHome[lookup.current.user.role]);
  const params = new URL(request.url).searchParams;
  const notice = params.get("notice");
  return {
    notice: isNoticeKey(notice) ? notice : null,
    withdrawn: params.get(ACCESS_PARAM) === ACCESS_WITHDRAWN,
    // Whom a doctor whose access was withdrawn writes to.
    contact: context.get(runtimeContext).config.SERVICE_INBOX,
  };
}

const failure = "Invalid email or password. Please try again.";

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseSubmission(await request.formData(), signInSchema);
  // The address typed comes back with the answer (never the password).
  const answer = (error: string, status: number) =>
    data({ error, result: submission.reply({ hideFields: passwordFields }) }, { status });
  if (submission.status !== "success") return answer(failure, 400);
  const result = await signInWithPassword(context.get(runtimeContext), {
    email: submission.value.email,
    password: submission.value.password,
    portal: "doctor",
    request: requestMeta(context, request),
  });
  switch (result.status) {
    case "signed-in":
      // First sign-in: the doctor area sends them on to set up two-factor authentication.
      return redirectWithCookies(
        withNotice("/doctor-dashboard", "doctor-signed-in"),
        result.setCookies,
      );
    case "second-factor":
      return redirectWithCookies("/two-factor?portal=doctor", result.setCookies);
    case "revoked":
      // The same lasting page as a session ended by the revocation, not a toast that fades.
      throw redirect(ACCESS_WITHDRAWN_PATH, 303);
    case "locked":
      return answer(
        "Too many failed attempts. For your security this account is locked for 15 minutes.",
        429,
      );
    case "throttled":
      return answer("Too many attempts from your network. Please wait a few minutes.", 429);
    default:
      return answer(failure, 401);
  }
}

export default function DoctorLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  useEffect(() => {
    if (actionData?.error) toast.error("Login failed", { description: actionData.error });
  }, [actionData]);
  const [form, fields] = useSchemaForm({
    id: "doctor-sign-in",
    schema: signInSchema,
    lastResult: actionData?.result,
  });
  const { dismissed, formProps } = useDismissibleProblem(actionData, form);
  // A form the browser finds incomplete gets the portal's one answer, as the server would give.
  const error = dismissed
    ? undefined
    : (actionData?.error ?? (form.status === "error" ? failure : undefined));
  const notice = loaderData.notice ? notices[loaderData.notice] : null;
  return (
    <AuthCard
      icon={<StethoscopeIcon aria-hidden="true" className="size-6" />}
      title="Medical Professional Portal"
      description="For medical professionals only. Contact administrator for access."
      footer={
        <Link to="/login" className="font-medium text-primary underline underline-offset-4">
          Return to main login
        </Link>
      }
    >
      {loaderData.withdrawn && !error ? (
        <AuthProblem title="Your access to the doctor portal has been withdrawn">
          A ReferOH administrator has withdrawn your access, so you cannot sign in or open any case.
          To ask why, or to have it restored, e-mail{" "}
          <a
            className="font-medium underline underline-offset-4"
            href={`mailto:${loaderData.contact}`}
          >
            {loaderData.contact}
          </a>
          .
        </AuthProblem>
      ) : notice && !error ? (
        <AuthNotice title={notice.title}>{notice.description}</AuthNotice>
      ) : null}
      {error ? <AuthProblem title="Login failed">{error}</AuthProblem> : null}
      <Form method="post" {...getFormProps(form)} {...formProps} noValidate className="grid gap-5">
        <AccountEmailField defaultValue={fields.email.initialValue} />
        <div className="grid gap-2">
          <div className="flex items-center justify-between">
            <Label htmlFor="password" size="base">
              Password
            </Label>
            <Link
              to="/forgot-password?portal=doctor"
              className="text-primary text-sm underline underline-offset-4"
              aria-label="Forgot your password?"
            >
              Forgot?
            </Link>
          </div>
          <PasswordInput id="password" name="password" autoComplete="current-password" required />
        </div>
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? "Verifying..." : "Access Portal"}
        </Button>
      </Form>
    </AuthCard>
  );
}
