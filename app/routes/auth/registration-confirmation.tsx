import { MailCheckIcon } from "lucide-react";
import { Link } from "react-router";
import { AuthCard } from "~/components/account/auth-card.tsx";
import { Button } from "~/components/ui/button";
import { runtimeContext } from "~/context.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { readRegisteredEmail } from "~/middleware/responses.server.ts";
import type { Route } from "./+types/registration-confirmation";

export const meta: Route.MetaFunction = () => privatePageMeta("Registration received");

export function loader({ request, context }: Route.LoaderArgs) {
  return {
    email: readRegisteredEmail(request),
    support: context.get(runtimeContext).config.SERVICE_INBOX,
  };
}

export default function RegistrationConfirmation({ loaderData }: Route.ComponentProps) {
  const { email, support } = loaderData;
  return (
    <AuthCard
      icon={<MailCheckIcon aria-hidden="true" className="size-6" />}
      title="Registration successful"
      description="Thank you for registering your company with ReferOH."
      footer={
        <p className="text-muted-foreground">
          Need help? Contact our support team at{" "}
          <a
            href={`mailto:${support}`}
            className="font-medium text-primary underline underline-offset-4"
          >
            {support}
          </a>
          .
        </p>
      }
    >
      <div className="grid gap-4">
        {email ? (
          <p>
            We have sent a verification email to <strong className="break-all">{email}</strong>.
          </p>
        ) : (
          <p>We have sent a verification email to the address you registered with.</p>
        )}
        <p className="text-muted-foreground">
          Please open the link in that email to verify your address, then sign in. If it has not
          arrived within a few minutes, check your spam folder; you can ask for a new link when you
          sign in.
        </p>
        <Button asChild size="lg">
          <Link to="/login">Go to Login</Link>
        </Button>
      </div>
    </AuthCard>
  );
}
