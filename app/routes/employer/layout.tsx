import { Outlet } from "react-router";
import { AreaError } from "~/components/account/area-error.tsx";
import { SignedInShell } from "~/components/account/signed-in-shell.tsx";
import { roleHome } from "~/domain/access/permissions.ts";
import { isMembershipInForce } from "~/domain/billing/membership.server.ts";
import { organisationStanding } from "~/middleware/employer.server.ts";
import { currentSession, noStore, requireArea, sameOrigin } from "~/middleware/session.server.ts";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [
  sameOrigin,
  noStore,
  requireArea("employer"),
];

export async function loader({ context }: Route.LoaderArgs) {
  const { user, organisation } = currentSession(context);
  // The credits badge is for members (seed: credits, default 0); others see no badge at all.
  const standing = organisation ? await organisationStanding(context) : null;
  const credits =
    standing && isMembershipInForce(standing.membership) ? standing.credits : undefined;
  return {
    year: new Date().getFullYear(),
    account: { home: roleHome.employer, role: "employer" as const, name: user.name, credits },
    organisationName: organisation?.name ?? null,
  };
}

export default function EmployerLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SignedInShell account={loaderData.account} year={loaderData.year}>
      <Outlet />
    </SignedInShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AreaError error={error} />;
}
