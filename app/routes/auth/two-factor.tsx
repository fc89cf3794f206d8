import { getFormProps } from "@conform-to/react";
import { ShieldCheckIcon } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthProblem } from "~/components/account/auth-alerts.tsx";
import { AuthCard } from "~/components/account/auth-card.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { OneTimeCodeInput } from "~/components/ui/one-time-code-input.tsx";
import { runtimeContext } from "~/context.ts";
import { readPendingSecondFactor } from "~/domain/accounts/pending-second-factor.server.ts";
import { codeSchema } from "~/domain/accounts/schemas.ts";
import { verifySignInSecondFactor } from "~/domain/accounts/two-factor.server.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { requestMeta, safeRedirectPath } from "~/middleware/session.server.ts";
import type { Route } from "./+types/two-factor";
import { redirectAfterSignIn } from "./after-sign-in.server.ts";

export const meta: Route.MetaFunction = () => privatePageMeta("Two-factor authentication");

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const portal = url.searchParams.get("portal") === "doctor" ? "doctor" : "main";
  const pending = await readPendingSecondFactor(
    context.get(runtimeContext),
    request.headers.get("cookie"),
  );
  if (!pending) throw redirect(portal === "doctor" ? "/doctor-login" : "/login");
  return {
    portal,
    method: url.searchParams.get("method") === "backup" ? ("backup" as const) : ("totp" as const),
    redirectTo: safeRedirectPath(url.searchParams.get("redirectTo")),
  };
}

const messages = {
  invalid: "That code is not valid. Codes work once; wait for the next one and try again.",
  expired: "Your sign-in has expired. Please sign in again.",
  locked: "Too many failed attempts. For your security this account is locked for 15 minutes.",
  throttled: "Too many attempts from your network. Please wait a few minutes.",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseSubmission(await request.formData(), codeSchema);
  if (submission.status !== "success")
    return data(
      { error: submission.error?.code?.[0] ?? messages.invalid, result: submission.reply() },
      { status: 400 },
    );
  const { portal, method, code, redirectTo } = submission.value;
  const result = await verifySignInSecondFactor(context.get(runtimeContext), {
    code: code.replace(/\s+/g, ""),
    method,
    request: requestMeta(context, request),
  });
  if (result.status === "signed-in") {
    return redirectAfterSignIn(
      result,
      safeRedirectPath(redirectTo),
      portal === "doctor" ? "doctor-signed-in" : "signed-in",
    );
  }
  if (result.status === "expired") throw redirect(portal === "doctor" ? "/doctor-login" : "/login");
  return data(
    { error: messages[result.status], result: submission.reply() },
    { status: result.status === "invalid" ? 401 : 429 },
  );
}

export default function TwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { portal, method, redirectTo } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm({
    id: "second-factor",
    schema: codeSchema,
    lastResult: actionData?.result,
  });
  // One place for the problem, as before: the server's answer, or the browser's check of the code.
  const error =
    (form.status === "error" ? fields.code.errors?.[0] : undefined) ?? actionData?.error;
  const other = new URLSearchParams({ portal, ...(redirectTo ? { redirectTo } : {}) });
  if (method === "totp") other.set("method", "backup");
  return (
    <AuthCard
      icon={<ShieldCheckIcon aria-hidden="true" className="size-6" />}
      title="Two-factor authentication"
      description={
        method === "totp"
          ? "Enter the 6-digit code from your authenticator app."
          : "Enter one of the backup codes you saved when you set up two-factor authentication. Each works once."
      }
      footer={
        <div className="flex flex-col gap-2">
          <Link
            to={`/two-factor?${other}`}
            className="font-medium text-primary underline underline-offset-4"
          >
            {method === "totp" ? "Use a backup code instead" : "Use your authenticator app instead"}
          </Link>
          <Link
            to={portal === "doctor" ? "/doctor-login" : "/login"}
            className="text-muted-foreground underline underline-offset-4"
          >
            Cancel and start again
          </Link>
        </div>
      }
    >
      {error ? <AuthProblem title="Verification failed">{error}</AuthProblem> : null}
      <Form method="post" {...getFormProps(form)} noValidate className="grid gap-5">
        <input type="hidden" name="method" value={method} />
        <input type="hidden" name="portal" value={portal} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FormField id="code" label={method === "totp" ? "Authentication code" : "Backup code"}>
          <OneTimeCodeInput
            name="code"
            inputMode={method === "totp" ? "numeric" : "text"}
            maxLength={method === "totp" ? undefined : 32}
            fieldText="text-lg"
            className="font-mono tracking-widest"
            autoFocus
          />
        </FormField>
        <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Verifying..." : "Verify"}
        </Button>
      </Form>
    </AuthCard>
  );
}
