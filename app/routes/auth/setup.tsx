import { getFormProps } from "@conform-to/react";
import { ShieldIcon } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { AuthCard } from "~/components/account/auth-card.tsx";
import { NewPasswordFields } from "~/components/account/password-fields.tsx";
import { EmailField, TextField } from "~/components/forms/text-field.tsx";
import { useSentForm } from "~/components/forms/use-sent-form.ts";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/form-field";
import { runtimeContext } from "~/context.ts";
import { createFirstAdmin, setupTokenIsValid } from "~/domain/accounts/admin-setup.server.ts";
import { firstAdminSchema, passwordFields } from "~/domain/accounts/schemas.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { redirectWithCookies } from "~/middleware/responses.server.ts";
import { requestMeta } from "~/middleware/session.server.ts";
import type { Route } from "./+types/setup";

export const meta: Route.MetaFunction = () => privatePageMeta("Create the first administrator");

/** The one-time link printed at start-up while no administrator exists. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = await setupTokenIsValid(context.get(runtimeContext), token);
  return data({ token: valid ? token : null }, { status: valid ? 200 : 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseSubmission(await request.formData(), firstAdminSchema);
  const refused = (fieldErrors?: Record<string, string[]>) =>
    data(
      { result: submission.reply({ hideFields: passwordFields, fieldErrors }), invalid: false },
      { status: 400 },
    );
  if (submission.status !== "success") return refused();
  const result = await createFirstAdmin(context.get(runtimeContext), {
    ...submission.value,
    request: requestMeta(context, request),
  });
  if (result.status === "weak-password") return refused({ password: [result.message] });
  if (result.status === "invalid-token")
    return data({ result: null, invalid: true }, { status: 400 });
  return redirectWithCookies("/login?notice=admin-created", []);
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { form, fields, errorOf, summary } = useSentForm(
    {
      id: "first-admin",
      schema: firstAdminSchema,
      lastResult: actionData?.result,
    },
    {
      name: "name",
      email: "email",
      password: "password",
      confirmPassword: "confirmPassword",
    },
  );
  if (!loaderData.token || actionData?.invalid) {
    return (
      <AuthCard
        icon={<ShieldIcon aria-hidden="true" className="size-6" />}
        title="This set-up link is not valid"
      >
        <Alert variant="destructive">
          <AlertTitle>The link has expired, was replaced or was already used</AlertTitle>
          <AlertDescription>
            While no administrator exists, each start of the server prints a new link valid for 24
            hours. An administrator can also be created with npm run admin:create.
          </AlertDescription>
        </Alert>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      icon={<ShieldIcon aria-hidden="true" className="size-6" />}
      title="Create the first administrator"
      description="This link works once. Administrators invite doctors and must use two-factor authentication, which you will set up when you first sign in."
    >
      <ErrorSummary errors={summary} className="mb-6" />
      <Form method="post" {...getFormProps(form)} noValidate className="grid gap-5">
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField label="Full name" field={fields.name} autoComplete="name" />
        <EmailField label="Email" field={fields.email} />
        <NewPasswordFields label="Password" hint="At least 8 characters" errorOf={errorOf} />
        <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Creating..." : "Create administrator"}
        </Button>
      </Form>
    </AuthCard>
  );
}
