import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { AccountEmailField } from "~/components/account/account-email-field.tsx";
import {
  AuthNotice,
  AuthProblem,
  useDismissibleProblem,
} from "~/components/account/auth-alerts.tsx";
import { AuthCard } from "~/components/account/auth-card.tsx";
import { isNoticeKey, notices } from "~/components/account/notice-texts.ts";
import { CurrentPasswordField } from "~/components/account/password-fields.tsx";
import {
  RegistrationForm,
  type RegistrationResult,
  registrationToastId,
} from "~/components/account/registration-form.tsx";
import { useSentForm } from "~/components/forms/use-sent-form.ts";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import { runtimeContext } from "~/context.ts";
import { roleHome } from "~/domain/access/permissions.ts";
import { resendVerificationEmail } from "~/domain/accounts/email-verification.server.ts";
import {
  emailOnlySchema,
  loginIntentSchema,
  passwordFields,
  signInSchema,
} from "~/domain/accounts/schemas.ts";
import { signInWithPassword } from "~/domain/accounts/sign-in.server.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { redirectWithCookies } from "~/middleware/responses.server.ts";
import { lookupSession, requestMeta, safeRedirectPath } from "~/middleware/session.server.ts";
import type { Route } from "./+types/login";
import { redirectAfterSignIn } from "./after-sign-in.server.ts";
import { registrationAction } from "./registration.server.ts";

export const meta: Route.MetaFunction = () => privatePageMeta("Sign in or register");

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  const lookup = await lookupSession(context, request);
  // Already signed in: straight on, as after signing in.
  if (lookup.status === "active") {
    throw redirect(redirectTo ?? roleHome[lookup.current.user.role]);
  }
  const notice = url.searchParams.get("notice");
  return {
    mode:
      url.searchParams.get("mode") === "register" ? ("register" as const) : ("sign-in" as const),
    redirectTo,
    notice: isNoticeKey(notice) ? notice : null,
  };
}

type ActionData = {
  intent: "sign-in" | "resend";
  formError?: string;
  /** The sign-in form as sent (never its password), with its errors. */
  result?: SubmissionResult<string[]>;
  unverifiedEmail?: string;
  resent?: boolean;
};

const messages = {
  invalid: "Invalid email or password",
  unverified:
    "Please verify your email address before signing in. Use the link in the email we sent you, or send a new one below.",
  revoked: "Your access has been revoked. Contact the administrator for access.",
  locked:
    "Too many failed sign-in attempts. For your security this account is locked for 15 minutes. You can reset your password meanwhile.",
  throttled: "Too many attempts from your network. Please wait a few minutes and try again.",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const form = await request.formData();
  // The schema never refuses: a missing or unknown intent reads as signing in.
  const sent = parseSubmission(form, loginIntentSchema);
  const intent = sent.status === "success" ? sent.value.intent : "sign-in";
  const meta = requestMeta(context, request);

  if (intent === "resend") {
    const submission = parseSubmission(form, emailOnlySchema);
    if (submission.status === "success")
      await resendVerificationEmail(runtime, { email: submission.value.email, request: meta });
    return data<ActionData>({ intent: "resend", resent: true });
  }

  // The register mode is the same form as /register, answered by the same action.
  if (intent === "register") return registrationAction(context, request, form);

  const submission = parseSubmission(form, signInSchema);
  const result = submission.reply({ hideFields: passwordFields });
  if (submission.status !== "success") {
    return data<ActionData>(
      { intent: "sign-in", result, formError: Object.values(result.error ?? {})[0]?.[0] },
      { status: 400 },
    );
  }
  const signIn = await signInWithPassword(runtime, {
    email: submission.value.email,
    password: submission.value.password,
    portal: "main",
    request: meta,
  });
  const redirectTo = safeRedirectPath(submission.value.redirectTo);
  switch (signIn.status) {
    case "signed-in":
      return redirectAfterSignIn(signIn, redirectTo, "signed-in");
    case "second-factor": {
      const next = new URLSearchParams(redirectTo ? { redirectTo } : {});
      return redirectWithCookies(`/two-factor${next.size ? `?${next}` : ""}`, signIn.setCookies);
    }
    case "unverified":
      return data<ActionData>(
        {
          intent: "sign-in",
          formError: messages.unverified,
          unverifiedEmail: submission.value.email,
          result,
        },
        { status: 403 },
      );
    default:
      return data<ActionData>(
        { intent: "sign-in", formError: messages[signIn.status], result },
        { status: signIn.status === "invalid" ? 401 : signIn.status === "revoked" ? 403 : 429 },
      );
  }
}
const signInToastId = "sign-in-problem";

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, redirectTo, notice } = loaderData;
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const submitting =
    navigation.state === "submitting" && navigation.formAction?.startsWith("/login");
  const answer = actionData as ActionData | RegistrationResult | undefined;
  const registration = answer?.intent === "register" && mode === "register" ? answer : undefined;
  const result = answer?.intent === "register" ? undefined : answer;
  const current = result?.intent === "sign-in" && mode === "sign-in" ? result : undefined;
  const { form, fields, errorOf } = useSentForm({
    id: "sign-in",
    schema: signInSchema,
    lastResult: current?.result,
  });
  // The alert clears as soon as a field is edited (seed), and comes back with the next answer.
  const { dismissed, formProps } = useDismissibleProblem(current, form);
  useEffect(() => {
    if (current?.formError)
      toast.error("Sign in failed", { id: signInToastId, description: current.formError });
  }, [current]);
  // Switching between the modes takes the other form's problem away with it.
  useEffect(() => {
    toast.dismiss(mode === "register" ? signInToastId : registrationToastId);
  }, [mode]);
  // A problem found in the browser reads as the server's would: on its field and in the alert.
  const fieldError =
    form.status === "error" ? (fields.email.errors ?? fields.password.errors)?.[0] : undefined;
  const formError = dismissed ? undefined : (current?.formError ?? fieldError);

  const toggle = new URLSearchParams(searchParams);
  toggle.delete("notice");
  if (mode === "register") toggle.delete("mode");
  else toggle.set("mode", "register");
  const noticeText = notice ? notices[notice] : null;

  return (
    <AuthCard
      wide={mode === "register"}
      title={mode === "register" ? "Register your company" : "Sign in to your account"}
      description={
        mode === "register"
          ? "Create an employer account to refer candidates and employees for occupational health assessments."
          : "Employers, doctors and administrators sign in here."
      }
      footer={
        <div className="flex flex-col gap-3">
          <p>
            {mode === "register" ? "Already have an account? " : "New to ReferOH? "}
            <Link
              to={`/login${toggle.size ? `?${toggle}` : ""}`}
              className="font-medium text-primary underline underline-offset-4"
              replace
            >
              {mode === "register" ? "Sign in" : "Register your company"}
            </Link>
          </p>
          <p className="text-muted-foreground">
            Medical professional?{" "}
            <Link
              to="/doctor-login"
              className="font-medium text-primary underline underline-offset-4"
            >
              Use the Medical Professional Portal
            </Link>
          </p>
        </div>
      }
    >
      {noticeText && !formError ? (
        <AuthNotice title={noticeText.title}>{noticeText.description}</AuthNotice>
      ) : null}
      {formError ? <AuthProblem title="Sign in failed">{formError}</AuthProblem> : null}
      {result?.intent === "resend" ? (
        <AuthNotice title="Check your email">
          If that account still needs verifying, we have sent a new verification link.
        </AuthNotice>
      ) : null}

      {mode === "register" ? (
        <RegistrationForm action="/login?mode=register" result={registration} />
      ) : (
        <Form
          method="post"
          {...getFormProps(form)}
          {...formProps}
          noValidate
          className="grid gap-5"
        >
          <input type="hidden" name="intent" value="sign-in" />
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <AccountEmailField defaultValue={fields.email.initialValue} error={errorOf("email")} />
          <CurrentPasswordField label="Password" required error={errorOf("password")} />
          <p className="-mt-2 text-sm">
            <Link to="/forgot-password" className="text-primary underline underline-offset-4">
              Forgotten your password?
            </Link>
          </p>
          <Button type="submit" size="lg" disabled={submitting}>
            {submitting ? "Signing in..." : "Sign In"}
          </Button>
        </Form>
      )}

      {current?.unverifiedEmail ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={current.unverifiedEmail} />
          <Button type="submit" variant="outline" className="w-full">
            Resend verification email
          </Button>
        </Form>
      ) : null}
    </AuthCard>
  );
}
