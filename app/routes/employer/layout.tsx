import { isRouteErrorResponse, useRouteLoaderData } from "react-router";
import { AreaError } from "~/components/account/area-error.tsx";
import { SignedInArea } from "~/components/account/signed-in-area.tsx";
import { SignedInShell } from "~/components/account/signed-in-shell.tsx";
import { PageNotFound } from "~/components/page-not-found.tsx";
import { roleHome } from "~/domain/access/permissions.ts";
import { teamCan } from "~/domain/access/team-permissions.ts";
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
    account: {
      home: roleHome.employer,
      role: "employer" as const,
      name: user.name,
      credits,
      team: {
        to: "/employer-team",
        label:
          organisation && teamCan(organisation.memberRole, "team:view")
            ? "Team"
            : "Your organisation",
      },
    },
    organisationName: organisation?.name ?? null,
  };
}

export default function EmployerLayout({ loaderData }: Route.ComponentProps) {
  return <SignedInArea shell={loaderData} />;
}

/**
 * A page inside the area that is not found (an unknown referral, report or invoice) keeps the
 * signed-in header and navigation: the layout's own data loaded, only the page failed.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/employer/layout");
  if (layout && isRouteErrorResponse(error) && error.status === 404) {
    return (
      <SignedInShell account={layout.account} year={layout.year}>
        <title>Page not found | ReferOH</title>
        <PageNotFound
          inArea
          message="There is nothing here for your organisation. It may have been mistyped, or belong to another account."
          link={{ to: "/employer-dashboard", label: "Go to your dashboard" }}
        />
      </SignedInShell>
    );
  }
  return <AreaError error={error} />;
}
