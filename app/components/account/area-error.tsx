import { ShieldAlertIcon } from "lucide-react";
import { isRouteErrorResponse, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { SignOutButton } from "./sign-out.tsx";

/**
 * The error screen of a signed-in area. A 403 (signed in, wrong role) says so and offers the
 * user's own home; never the page itself.
 */
export function AreaError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 403) {
    const { home = "/", reason } = (error.data ?? {}) as { home?: string; reason?: string };
    if (reason === "no-organisation")
      return (
        <main className="mx-auto flex w-full max-w-xl flex-1 flex-col justify-center gap-4 px-6 py-16">
          <ShieldAlertIcon aria-hidden="true" className="size-10 text-destructive" />
          <h1 className="font-semibold text-3xl">You are not in an organisation any more</h1>
          <p className="text-muted-foreground">
            Your account is no longer a member of any organisation on ReferOH, so there are no
            referrals or reports to show. Ask an owner or HR administrator to invite you again;
            their invitation will bring you back.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to={home}>Your account</Link>
            </Button>
            <SignOutButton />
          </div>
        </main>
      );
    return (
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col justify-center gap-4 px-6 py-16">
        <ShieldAlertIcon aria-hidden="true" className="size-10 text-destructive" />
        <h1 className="font-semibold text-3xl">You do not have access to this page</h1>
        <p className="text-muted-foreground">
          This part of ReferOH is for a different kind of account. If you think you should have
          access, contact your administrator.
        </p>
        <p>
          <Button asChild>
            <Link to={home}>Go to your dashboard</Link>
          </Button>
        </p>
      </main>
    );
  }
  throw error;
}
