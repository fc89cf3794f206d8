import { getFormProps } from "@conform-to/react";
import { UsersIcon } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { AuthCard } from "~/components/account/auth-card.tsx";
import { NewPasswordFields } from "~/components/account/password-fields.tsx";
import { SignOutButton } from "~/components/account/sign-out.tsx";
import { TextField } from "~/components/forms/text-field.tsx";
import { useSentForm } from "~/components/forms/use-sent-form.ts";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/form-field";
import { runtimeContext } from "~/context.ts";
import { passwordFields } from "~/domain/accounts/schemas.ts";
import { memberRoleWithArticle } from "~/domain/kernel/team-permissions.ts";
import {
  acceptTeamInvitation,
  joinTeamWithNewAccount,
  openTeamInvitation,
} from "~/domain/teams/invitations.server.ts";
import { acceptInvitationSchema, joinWithNewAccountSchema } from "~/domain/teams/team-schemas.ts";
import { formatLongDate } from "~/lib/dates.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { redirectWithCookies, withNotice } from "~/middleware/responses.server.ts";
import { visitorScope } from "~/middleware/scope.server.ts";
import { lookupSession, requestMeta, sameOrigin } from "~/middleware/session.server.ts";
import type { Route } from "./+types/join";

export const meta: Route.MetaFunction = () => privatePageMeta("Join your team");

export const middleware: Route.MiddlewareFunction[] = [sameOrigin];

/** The door of a team invitation: nobody is known by the link alone (docs/architecture.md §4). */
const door = "team-invitation-link";

async function signedInUser(context: Route.LoaderArgs["context"], request: Request) {
  const lookup = await lookupSession(context, request);
  return lookup.status === "active" ? lookup.current : null;
}

/**
 * The invitation page answers the same whether or not the invited address has an account: it
 * offers both a new account and signing in. Only a signed-in person sees more, about themselves.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const invitation = await openTeamInvitation(visitorScope(context, null, door), params.token);
  const current = await signedInUser(context, request);
  if (invitation.status !== "valid") return { invitation, signedIn: null };
  return {
    invitation: {
      ...invitation,
      asRole: memberRoleWithArticle[invitation.role],
      expiresOn: formatLongDate(invitation.expiresAt),
    },
    signedIn: current
      ? {
          email: current.user.email,
          isInvitee:
            current.user.role === "employer" &&
            current.user.email.toLowerCase() === invitation.email,
        }
      : null,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const current = await signedInUser(context, request);
  if (parseSubmission(form, acceptInvitationSchema).status === "success") {
    if (!current) return data({ message: "Sign in first to accept.", result: null }, 401);
    const joined = await acceptTeamInvitation(visitorScope(context, null, door), {
      token: params.token,
      user: current.user,
      sessionId: current.session.id,
    });
    if (joined.status === "joined" || joined.status === "already-member")
      return redirectWithCookies(withNotice("/employer-dashboard", "team-joined"), []);
    return data({ message: refusals[joined.status], result: null }, 409);
  }
  const submission = parseSubmission(form, joinWithNewAccountSchema);
  const refused = (fieldErrors?: Record<string, string[]>) =>
    data(
      { message: null, result: submission.reply({ hideFields: passwordFields, fieldErrors }) },
      400,
    );
  if (submission.status !== "success") return refused();
  if (current)
    return data({ message: "You are signed in: sign out first to create a new account." }, 409);
  const joined = await joinTeamWithNewAccount(
    visitorScope(context, null, door),
    context.get(runtimeContext),
    {
      token: params.token,
      name: submission.value.name,
      password: submission.value.password,
      request: requestMeta(context, request),
    },
  );
  switch (joined.status) {
    case "joined":
      return redirectWithCookies(
        withNotice("/employer-dashboard", "team-joined"),
        joined.setCookies,
      );
    case "weak-password":
      return refused({ password: [joined.message] });
    case "account-exists":
      return data({ message: refusals["account-exists"], result: null }, 409);
    default:
      return data({ message: refusals[joined.status], result: null }, 409);
  }
}

const refusals = {
  "wrong-account":
    "You are signed in with a different account from the one this invitation was sent to, so nothing was joined. Sign out, then open the link in the invitation e-mail again.",
  "account-exists":
    "This address already has a ReferOH account. Sign in with it to accept the invitation.",
  expired: "This invitation has expired. Ask the person who invited you to send it again.",
  invalid:
    "This invitation link is no longer valid. It may have been used or withdrawn. Ask the person who invited you for a new one.",
} as const;

export default function Join({ loaderData, actionData, params }: Route.ComponentProps) {
  const { invitation, signedIn } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const { form, fields, errorOf, summary } = useSentForm(
    {
      id: "join-new-account",
      schema: joinWithNewAccountSchema,
      lastResult: actionData && "result" in actionData ? actionData.result : null,
    },
    { name: "name", password: "password", confirmPassword: "confirmPassword" },
  );
  const icon = <UsersIcon aria-hidden="true" className="size-6" />;
  if (invitation.status !== "valid") {
    return (
      <AuthCard
        icon={icon}
        title={
          invitation.status === "expired"
            ? "This invitation has expired"
            : "This invitation link is not valid"
        }
      >
        <Alert variant="destructive">
          <AlertDescription>{refusals[invitation.status]}</AlertDescription>
        </Alert>
        <Button asChild variant="outline" className="mt-6 w-full">
          <Link to="/login">Go to sign in</Link>
        </Button>
      </AuthCard>
    );
  }
  const message = actionData && "message" in actionData ? actionData.message : null;
  const signInLink = `/login?${new URLSearchParams({ redirectTo: `/join/${params.token}` })}`;
  return (
    <AuthCard
      icon={icon}
      wide
      title={`Join ${invitation.organisationName}`}
      description={
        <p>
          {invitation.inviterName ?? "A colleague"} has invited <strong>{invitation.email}</strong>{" "}
          to join {invitation.organisationName} on ReferOH as <strong>{invitation.asRole}</strong>.
          The invitation works until {invitation.expiresOn}.
        </p>
      }
    >
      {message ? (
        <Alert variant="destructive" className="mb-6" role="alert">
          <AlertTitle>Nothing was joined</AlertTitle>
          <AlertDescription>{message}</AlertDescription>
        </Alert>
      ) : null}
      {signedIn?.isInvitee ? (
        <Form method="post">
          <input type="hidden" name="intent" value="accept" />
          <p className="mb-4 text-muted-foreground">
            You are signed in as <strong className="text-foreground">{signedIn.email}</strong>.
          </p>
          <Button type="submit" size="lg" className="w-full" disabled={submitting}>
            {submitting ? "Joining..." : `Accept and join ${invitation.organisationName}`}
          </Button>
        </Form>
      ) : signedIn ? (
        <div className="grid gap-4">
          <Alert variant="destructive">
            <AlertTitle>This invitation is for another account</AlertTitle>
            <AlertDescription>
              You are signed in as {signedIn.email}. Sign out, then open the link in the invitation
              e-mail again and sign in as {invitation.email}, or ask for an invitation to your own
              address.
            </AlertDescription>
          </Alert>
          <SignOutButton className="w-full" />
        </div>
      ) : (
        <div className="grid gap-8 md:grid-cols-2">
          <section aria-labelledby="new-account-heading">
            <h2 id="new-account-heading" className="font-semibold text-lg">
              New to ReferOH?
            </h2>
            <p className="mt-1 mb-4 text-muted-foreground text-sm">
              Choose your name and a password; your account uses {invitation.email}.
            </p>
            <ErrorSummary errors={summary} className="mb-4" />
            <Form method="post" {...getFormProps(form)} noValidate className="grid gap-5">
              <input type="hidden" name="intent" value="create-account" />
              <TextField label="Your full name" field={fields.name} autoComplete="name" />
              <NewPasswordFields
                label="Password"
                hint="At least 8 characters. A few random words make a strong password."
                errorOf={errorOf}
              />
              <Button type="submit" size="lg" disabled={submitting}>
                {submitting ? "Creating your account..." : "Create account and join"}
              </Button>
            </Form>
          </section>
          <section aria-labelledby="existing-account-heading" className="md:border-l md:pl-8">
            <h2 id="existing-account-heading" className="font-semibold text-lg">
              Already have an account?
            </h2>
            <p className="mt-1 mb-4 text-muted-foreground text-sm">
              Sign in with {invitation.email}, and you will come back here to accept.
            </p>
            <Button asChild variant="outline" className="w-full">
              <Link to={signInLink}>Sign in to accept</Link>
            </Button>
          </section>
        </div>
      )}
    </AuthCard>
  );
}
