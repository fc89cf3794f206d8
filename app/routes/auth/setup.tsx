import { ShieldIcon } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { AuthCard } from "~/components/account/auth-card.tsx";
import { PasswordInput } from "~/components/account/password-input.tsx";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ErrorSummary, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { runtimeContext } from "~/context.ts";
import { createFirstAdmin, setupTokenIsValid } from "~/domain/accounts/admin-setup.server.ts";
import { type FieldErrors, firstAdminSchema, parseForm } from "~/domain/accounts/schemas.ts";
import { redirectWithCookies } from "~/middleware/responses.server.ts";
import { requestMeta } from "~/middleware/session.server.ts";
import type { Route } from "./+types/setup";

export const meta: Route.MetaFunction = () => [
  { title: "Create the first administrator | ReferOH" },
  { name: "robots", content: "noindex" },
];

/** The one-time link printed at start-up while no administrator exists. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = await setupTokenIsValid(context.get(runtimeContext), token);
  return data({ token: valid ? token : null }, { status: valid ? 200 : 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(firstAdminSchema, form);
  if (parsed.errors) return data({ errors: parsed.errors, invalid: false }, { status: 400 });
  const result = await createFirstAdmin(context.get(runtimeContext), {
    ...parsed.data,
    request: requestMeta(context, request),
  });
  if (result.status === "weak-password") {
    return data({ errors: { password: result.message }, invalid: false }, { status: 400 });
  }
  if (result.status === "invalid-token")
    return data({ errors: null, invalid: true }, { status: 400 });
  return redirectWithCookies("/login?notice=admin-created", []);
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors: FieldErrors = actionData?.errors ?? {};
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
      <ErrorSummary errors={errors} className="mb-6" />
      <Form method="post" noValidate className="grid gap-5">
        <input type="hidden" name="token" value={loaderData.token} />
        <FormField id="name" label="Full name" error={errors.name}>
          <Input name="name" autoComplete="name" />
        </FormField>
        <FormField id="email" label="Email" error={errors.email}>
          <Input name="email" type="email" autoComplete="email" />
        </FormField>
        <FormField
          id="password"
          label="Password"
          hint="At least 8 characters"
          error={errors.password}
        >
          {(control) => <PasswordInput {...control} name="password" autoComplete="new-password" />}
        </FormField>
        <FormField id="confirmPassword" label="Confirm password" error={errors.confirmPassword}>
          {(control) => (
            <PasswordInput {...control} name="confirmPassword" autoComplete="new-password" />
          )}
        </FormField>
        <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Creating..." : "Create administrator"}
        </Button>
      </Form>
    </AuthCard>
  );
}
