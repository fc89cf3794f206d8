import { getFormProps } from "@conform-to/react";
import { KeyRoundIcon, MailCheckIcon } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { AccountEmailField } from "~/components/account/account-email-field.tsx";
import { AuthCard } from "~/components/account/auth-card.tsx";
import { useSentForm } from "~/components/forms/use-sent-form.ts";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/form-field";
import { runtimeContext } from "~/context.ts";
import { requestPasswordReset } from "~/domain/accounts/password-reset.server.ts";
import { emailOnlySchema } from "~/domain/accounts/schemas.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { requestMeta } from "~/middleware/session.server.ts";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => privatePageMeta("Reset your password");

export function loader({ request }: Route.LoaderArgs) {
  return {
    portal: new URL(request.url).searchParams.get("portal") === "doctor" ? "doctor" : "main",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseSubmission(await request.formData(), emailOnlySchema);
  if (submission.status !== "success")
    return data({ result: submission.reply(), sent: false }, { status: 400 });
  await requestPasswordReset(context.get(runtimeContext), {
    email: submission.value.email,
    request: requestMeta(context, request),
  });
  // The same answer whether or not the address has an account.
  return { result: null, sent: true };
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { form, fields, errorOf, summary } = useSentForm(
    {
      id: "forgot-password",
      schema: emailOnlySchema,
      lastResult: actionData?.result,
    },
    { email: "email" },
  );
  const back = loaderData.portal === "doctor" ? "/doctor-login" : "/login";
  if (actionData?.sent) {
    return (
      <AuthCard
        icon={<MailCheckIcon aria-hidden="true" className="size-6" />}
        title="Check your email"
        description="If an account exists for that address, we have sent a link to reset its password. The link works once, for 1 hour."
      >
        <Button asChild variant="outline" className="w-full">
          <Link to={back}>Back to sign in</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      icon={<KeyRoundIcon aria-hidden="true" className="size-6" />}
      title="Reset your password"
      description="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <Link to={back} className="font-medium text-primary underline underline-offset-4">
          Back to sign in
        </Link>
      }
    >
      <ErrorSummary errors={summary} className="mb-6" />
      <Form method="post" {...getFormProps(form)} noValidate className="grid gap-5">
        <AccountEmailField
          autoComplete="email"
          defaultValue={fields.email.initialValue}
          error={errorOf("email")}
        />
        <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Sending..." : "Send reset link"}
        </Button>
      </Form>
    </AuthCard>
  );
}
