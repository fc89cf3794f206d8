import { getFormProps } from "@conform-to/react";
import { KeyRoundIcon } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard } from "~/components/account/auth-card.tsx";
import { NewPasswordFields } from "~/components/account/password-fields.tsx";
import { useSentForm } from "~/components/forms/use-sent-form.ts";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/form-field";
import { runtimeContext } from "~/context.ts";
import { resetPasswordWithToken } from "~/domain/accounts/password-reset.server.ts";
import { newPasswordSchema, passwordFields } from "~/domain/accounts/schemas.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { requestMeta } from "~/middleware/session.server.ts";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => privatePageMeta("Choose a new password");

/** Also the set-password page of doctor invitations and new administrators (`purpose`). */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const purpose = url.searchParams.get("purpose");
  return {
    token: url.searchParams.get("token") ?? "",
    purpose: (purpose === "invite" || purpose === "setup"
      ? purpose
      : "reset") as keyof typeof titles,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseSubmission(await request.formData(), newPasswordSchema);
  const refused = (fieldErrors?: Record<string, string[]>) =>
    data(
      {
        result: submission.reply({ hideFields: passwordFields, fieldErrors }),
        invalidToken: false,
      },
      { status: 400 },
    );
  if (submission.status !== "success") return refused();
  const result = await resetPasswordWithToken(context.get(runtimeContext), {
    token: submission.value.token,
    newPassword: submission.value.password,
    request: requestMeta(context, request),
  });
  if (result.status === "weak-password") return refused({ password: [result.message] });
  if (result.status === "invalid-token")
    return data({ result: null, invalidToken: true }, { status: 400 });
  throw redirect(
    submission.value.purpose === "invite"
      ? "/doctor-login?notice=password-reset"
      : "/login?notice=password-reset",
  );
}

const titles = {
  reset: "Choose a new password",
  invite: "Set your password",
  setup: "Set your administrator password",
} as const;

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { token, purpose } = loaderData;
  const navigation = useNavigation();
  const { form, errorOf, summary } = useSentForm(
    {
      id: "new-password",
      schema: newPasswordSchema,
      lastResult: actionData?.result,
    },
    { password: "password", confirmPassword: "confirmPassword" },
  );
  if (!token || actionData?.invalidToken) {
    return (
      <AuthCard
        icon={<KeyRoundIcon aria-hidden="true" className="size-6" />}
        title="This link is not valid"
      >
        <Alert variant="destructive" className="mb-6">
          <AlertTitle>The link has expired or was already used</AlertTitle>
          <AlertDescription>
            Password links work once. Reset links last 1 hour, invitation links 7 days. Ask for a
            new one.
          </AlertDescription>
        </Alert>
        <Button asChild className="w-full">
          <Link to="/forgot-password">Ask for a new link</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      icon={<KeyRoundIcon aria-hidden="true" className="size-6" />}
      title={titles[purpose]}
      description={
        purpose === "reset"
          ? "Choose a new password. You will be signed out everywhere and can then sign in with it."
          : "Choose the password for your ReferOH account. You will set up two-factor authentication when you first sign in."
      }
    >
      <ErrorSummary errors={summary} className="mb-6" />
      <Form method="post" {...getFormProps(form)} noValidate className="grid gap-5">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="purpose" value={purpose} />
        <NewPasswordFields
          label="New password"
          hint="At least 8 characters. A few random words make a strong password."
          errorOf={errorOf}
        />
        <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting"
            ? "Saving..."
            : purpose === "reset"
              ? "Change password"
              : "Set password"}
        </Button>
      </Form>
    </AuthCard>
  );
}
