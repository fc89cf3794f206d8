import type { SubmissionResult } from "@conform-to/react";
import { AlertCircleIcon, ShieldCheckIcon } from "lucide-react";
import { data, redirect, useNavigation } from "react-router";
import { CurrentPasswordField } from "~/components/account/password-fields.tsx";
import { IntentForm } from "~/components/forms/intent-form.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { OneTimeCodeInput } from "~/components/ui/one-time-code-input.tsx";
import { runtimeContext } from "~/context.ts";
import { needsSecondFactor, roleHome } from "~/domain/access/permissions.ts";
import {
  backupCodeList,
  passwordFields,
  twoFactorEnrolmentSchema,
} from "~/domain/accounts/schemas.ts";
import {
  confirmTwoFactorEnrolment,
  type EnrolmentStart,
  pendingEnrolment,
  startTwoFactorEnrolment,
} from "~/domain/accounts/two-factor.server.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { redirectWithCookies, withNotice } from "~/middleware/responses.server.ts";
import { currentSession, requestMeta } from "~/middleware/session.server.ts";
import type { Route } from "./+types/two-factor";

export const meta: Route.MetaFunction = () => privatePageMeta("Set up two-factor authentication");

export async function loader({ context }: Route.LoaderArgs) {
  const current = currentSession(context);
  if (current.user.twoFactorEnabled) throw redirect("/account");
  const pending = await pendingEnrolment(
    context.get(runtimeContext),
    current.actor,
    current.user.email,
  );
  return { required: needsSecondFactor(current.user.role), pending };
}

type ActionData = {
  step: "password" | "code";
  error?: string;
  result?: SubmissionResult<string[]>;
  enrolment?: EnrolmentStart;
};

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const current = currentSession(context);
  // Who enrols, and from where: the same for the password step and the code step.
  const enrolling = {
    actor: current.actor,
    email: current.user.email,
    request: requestMeta(context, request),
  };
  const submission = parseSubmission(await request.formData(), twoFactorEnrolmentSchema);
  const result = submission.reply({ hideFields: passwordFields });
  const problem = (name: string) =>
    submission.status === "error" ? submission.error?.[name]?.[0] : undefined;
  if (submission.payload.intent === "start") {
    const refused = (error: string) =>
      data<ActionData>({ step: "password", error, result }, { status: 400 });
    if (submission.status !== "success" || submission.value.intent !== "start")
      return refused(problem("password") ?? "Enter your current password");
    const started = await startTwoFactorEnrolment(runtime, {
      ...enrolling,
      password: submission.value.password,
    });
    if (started.status === "wrong-password") return refused("Your password is incorrect");
    if (started.status === "already-enabled") throw redirect("/account");
    return data<ActionData>({ step: "code", enrolment: started.enrolment });
  }
  const retry = async (error: string) => {
    const pending = await pendingEnrolment(runtime, enrolling.actor, enrolling.email);
    // The backup codes were shown once and are kept only hashed: they come back from the form.
    const backupCodes = backupCodeList.parse(submission.payload.backupCodes);
    return data<ActionData>(
      { step: "code", error, result, enrolment: pending ? { ...pending, backupCodes } : undefined },
      { status: 400 },
    );
  };
  if (submission.status !== "success" || submission.value.intent !== "confirm")
    return retry(problem("code") ?? "Enter the 6-digit code");
  const confirmed = await confirmTwoFactorEnrolment(runtime, {
    ...enrolling,
    code: submission.value.code,
  });
  if (confirmed.status === "invalid") {
    return retry(
      "That code is not valid. Check the time on your phone is right, then enter the newest code.",
    );
  }
  return redirectWithCookies(
    withNotice(roleHome[current.user.role], "two-factor-enabled"),
    confirmed.setCookies,
  );
}

export default function TwoFactorSetup({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const enrolment = actionData?.enrolment ?? loaderData.pending ?? undefined;
  const onCodeStep = actionData?.step === "code" || (!actionData && loaderData.pending);
  const [startForm, startFields] = useSchemaForm({
    id: "two-factor-start",
    schema: twoFactorEnrolmentSchema,
    lastResult: actionData?.step === "password" ? actionData.result : undefined,
  });
  const [codeForm, codeFields] = useSchemaForm({
    id: "two-factor-confirm",
    schema: twoFactorEnrolmentSchema,
    lastResult: actionData?.step === "code" ? actionData.result : undefined,
  });
  // One message, in the alert as before: the browser's check of the step shown, else the server's.
  const checked = onCodeStep
    ? codeForm.status === "error" && codeFields.code.errors?.[0]
    : startForm.status === "error" && startFields.password.errors?.[0];
  const error = checked || actionData?.error;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="flex items-center gap-3 font-semibold text-3xl tracking-tight">
        <ShieldCheckIcon aria-hidden="true" className="size-8 text-primary" />
        {/* min-w-0: as a flex item the words could not shrink below "authentication", which a
            reader's text spacing (WCAG 1.4.12) made wider than a 320 px screen. */}
        <span className="min-w-0">Set up two-factor authentication</span>
      </h1>
      {loaderData.required ? (
        <Alert className="mt-6">
          <AlertTitle>Required for your account</AlertTitle>
          <AlertDescription>
            Doctors and administrators work with health data, so ReferOH asks for a code from an
            authenticator app each time you sign in. You cannot open any other page until this is
            set up.
          </AlertDescription>
        </Alert>
      ) : (
        <p className="mt-3 text-muted-foreground">
          Protect your account with a code from an authenticator app each time you sign in.
        </p>
      )}
      {error ? (
        <Alert variant="destructive" className="mt-6">
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>There is a problem</AlertTitle>
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}

      {onCodeStep && enrolment ? (
        <div className="mt-8 grid gap-8 rounded-xl border bg-card p-6 shadow-sm">
          <section
            aria-labelledby="scan-heading"
            className="grid gap-4 md:grid-cols-[auto_1fr] md:items-start"
          >
            <div
              role="img"
              aria-label="QR code for your authenticator app"
              className="size-48 rounded-lg border bg-white p-1 [&_svg]:size-full"
              // The SVG comes from the qrcode library on the server, from our own otpauth URI.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: server-generated QR code SVG
              dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
            />
            <div className="grid gap-2">
              <h2 id="scan-heading" className="font-semibold text-lg">
                1. Scan this QR code
              </h2>
              <p className="text-muted-foreground">
                Use an authenticator app such as Microsoft Authenticator, Google Authenticator or
                1Password. If you cannot scan, enter this key instead:
              </p>
              <code
                data-testid="totp-secret"
                className="break-all rounded bg-muted px-3 py-2 font-mono text-sm"
              >
                {enrolment.secret}
              </code>
            </div>
          </section>
          {enrolment.backupCodes && enrolment.backupCodes.length > 0 ? (
            <section aria-labelledby="backup-heading" className="grid gap-2">
              <h2 id="backup-heading" className="font-semibold text-lg">
                2. Save your backup codes
              </h2>
              <p className="text-muted-foreground">
                Each code works once if you lose your phone. Keep them somewhere safe; they are
                shown only now.
              </p>
              <ul
                data-testid="backup-codes"
                className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5"
              >
                {enrolment.backupCodes.map((code) => (
                  <li key={code} className="rounded bg-muted px-2 py-1 text-center">
                    {code}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <IntentForm form={codeForm} intent="confirm" className="grid max-w-sm gap-4">
            <input
              type="hidden"
              name="backupCodes"
              value={(enrolment.backupCodes ?? []).join(",")}
            />
            <FormField id="code" label="3. Enter the 6-digit code from the app">
              <OneTimeCodeInput
                name="code"
                fieldText="text-lg"
                className="font-mono tracking-widest"
              />
            </FormField>
            <Button type="submit" disabled={submitting}>
              {submitting ? "Verifying..." : "Turn on two-factor authentication"}
            </Button>
          </IntentForm>
        </div>
      ) : (
        <IntentForm
          form={startForm}
          intent="start"
          className="mt-8 grid max-w-sm gap-4 rounded-xl border bg-card p-6 shadow-sm"
        >
          <CurrentPasswordField
            label="Confirm your password"
            hint="For your security, enter your password to begin."
          />
          <Button type="submit" disabled={submitting}>
            {submitting ? "Checking..." : "Continue"}
          </Button>
        </IntentForm>
      )}
    </div>
  );
}
