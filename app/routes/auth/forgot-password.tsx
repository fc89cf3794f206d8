import { KeyRoundIcon, MailCheckIcon } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { AuthCard } from "~/components/account/auth-card.tsx";
import { Button } from "~/components/ui/button";
import { ErrorSummary, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { runtimeContext } from "~/context.ts";
import { requestPasswordReset } from "~/domain/accounts/password-reset.server.ts";
import { emailOnlySchema, parseForm } from "~/domain/accounts/schemas.ts";
import { requestMeta } from "~/middleware/session.server.ts";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => [
  { title: "Reset your password | ReferOH" },
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  return {
    portal: new URL(request.url).searchParams.get("portal") === "doctor" ? "doctor" : "main",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(emailOnlySchema, form);
  if (parsed.errors) return data({ errors: parsed.errors, sent: false }, { status: 400 });
  await requestPasswordReset(context.get(runtimeContext), {
    email: parsed.data.email,
    request: requestMeta(context, request),
  });
  // The same answer whether or not the address has an account.
  return { errors: null, sent: true };
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
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
  const errors = actionData?.errors ?? {};
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
      <ErrorSummary errors={errors} className="mb-6" />
      <Form method="post" noValidate className="grid gap-5">
        <FormField id="email" label="Email" error={errors.email}>
          <Input name="email" type="email" autoComplete="email" required />
        </FormField>
        <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Sending..." : "Send reset link"}
        </Button>
      </Form>
    </AuthCard>
  );
}
