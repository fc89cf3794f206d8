import { isRouteErrorResponse, useRouteLoaderData } from "react-router";
import { AreaError } from "~/components/account/area-error.tsx";
import {
  staleOrganisationScreen,
  TeamRoleRefusalPage,
} from "~/components/account/organisation-refusals.tsx";
import { SignedInArea } from "~/components/account/signed-in-area.tsx";
import { SignedInShell } from "~/components/account/signed-in-shell.tsx";
import { PageNotFound } from "~/components/page-not-found.tsx";
import { isMembershipInForce } from "~/domain/billing/membership.server.ts";
import { isTeamRoleRefusal } from "~/lib/active-organisation.ts";
import { organisationStanding } from "~/middleware/employer.server.ts";
import { samePageOrganisation } from "~/middleware/organisation-guard.server.ts";
import { noStore, requireArea, sameOrigin, signedInShell } from "~/middleware/session.server.ts";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [
  sameOrigin,
  noStore,
  requireArea("employer"),
  samePageOrganisation("refuse"),
];

export async function loader({ context }: Route.LoaderArgs) {
  const shell = signedInShell(context);
  const organisation = shell.account.organisation;
  // The credits badge is for members (seed: credits, default 0) whose role may manage billing;
  // others see no badge at all.
  const standing = organisation?.billing ? await organisationStanding(context) : null;
  const credits =
    standing && isMembershipInForce(standing.membership) ? standing.credits : undefined;
  return {
    ...shell,
    account: { ...shell.account, role: "employer" as const, credits },
  };
}

/**
 * The header names the active organisation and every form posts it (`OrganisationField`): both
 * must follow a switch made in this tab, so the layout's data is read again on every navigation,
 * not only when its own parameters change. It is the session already loaded and one query.
 */
export function shouldRevalidate() {
  return true;
}

export default function EmployerLayout({ loaderData }: Route.ComponentProps) {
  return <SignedInArea shell={loaderData} />;
}

/**
 * A page inside the area that is not found (an unknown referral, report or invoice), refused to
 * the person's team role, or posted from a tab left on another organisation keeps the signed-in
 * header and navigation where the layout's own data loaded; only the page failed.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/employer/layout");
  const stale = staleOrganisationScreen(error);
  if (stale) return stale;
  if (layout && isRouteErrorResponse(error) && isTeamRoleRefusal(error.data)) {
    const organisation = layout.account.organisation;
    return (
      <SignedInShell account={layout.account} year={layout.year}>
        <TeamRoleRefusalPage
          refusal={error.data}
          organisationName={organisation?.name ?? "this organisation"}
          roleLabel={organisation?.roleLabel ?? null}
        />
      </SignedInShell>
    );
  }
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
