import { Building2Icon, ShieldAlertIcon } from "lucide-react";
import { isRouteErrorResponse, Link } from "react-router";
import { Button } from "~/components/ui/button";
import {
  isStaleOrganisationRefusal,
  refusedSubjects,
  type StaleOrganisationRefusal,
  type TeamRoleRefusal,
} from "~/lib/active-organisation.ts";

import { SignedInShell } from "./signed-in-shell.tsx";

const frame = "mx-auto flex min-h-[50vh] max-w-xl flex-col justify-center gap-4 px-6 py-16";

/**
 * A form posted from a tab left open on another organisation (409): nothing was changed, and the
 * way on is to reload the page, which then shows the active organisation.
 */
function StaleOrganisationPage({ refusal }: { refusal: StaleOrganisationRefusal }) {
  const page = refusal.pageOrganisation ?? "another organisation";
  const active = refusal.activeOrganisation;
  return (
    <section className={frame} data-testid="stale-organisation">
      <title>{`Nothing was changed | ReferOH`}</title>
      <Building2Icon aria-hidden="true" className="size-10 text-primary" />
      <h1 className="font-semibold text-3xl tracking-tight">Nothing was changed</h1>
      <p>
        This page was for <strong>{page}</strong>; you have since switched to{" "}
        <strong>{active}</strong> in another tab. Nothing was changed.
      </p>
      <p className="text-muted-foreground">
        Reload to continue in {active}. To act for {page}, switch back to it from the account menu
        first.
      </p>
      <p>
        <Button asChild>
          <Link to={refusal.reload} reloadDocument>
            Reload to continue in {active}
          </Link>
        </Button>
      </p>
    </section>
  );
}

/**
 * A page the person's role in the active organisation does not include (403), inside the
 * signed-in shell: what the role is, and who can help.
 */
export function TeamRoleRefusalPage({
  refusal,
  organisationName,
  roleLabel,
}: {
  refusal: TeamRoleRefusal;
  organisationName: string;
  roleLabel: string | null;
}) {
  const subject = refusedSubjects[refusal.subject];
  return (
    <section className={frame} data-testid="team-role-refusal">
      <title>{`Not part of your role | ReferOH`}</title>
      <ShieldAlertIcon aria-hidden="true" className="size-10 text-destructive" />
      <h1 className="font-semibold text-3xl tracking-tight">
        Your role in {organisationName} does not include {subject}
      </h1>
      <p>
        {roleLabel ? (
          <>
            Your role there is <strong>{roleLabel}</strong>.{" "}
          </>
        ) : null}
        Ask an owner or HR administrator if you need something here.
      </p>
      <p className="text-muted-foreground">{refusal.message}</p>
      <p>
        <Button asChild>
          <Link to="/employer-dashboard">Go to your dashboard</Link>
        </Button>
      </p>
    </section>
  );
}

/**
 * An area's error boundary for the stale-tab refusal, or null for any other error. The header is
 * the refusal's own shell, read from the session when it refused: the layout's data in a tab
 * left open is the organisation it was rendered for, the very thing that went stale, and a page
 * posted without JavaScript has none.
 */
export function staleOrganisationScreen(error: unknown) {
  if (!isRouteErrorResponse(error) || !isStaleOrganisationRefusal(error.data)) return null;
  const { shell } = error.data;
  return (
    <SignedInShell account={shell.account} year={shell.year}>
      <StaleOrganisationPage refusal={error.data} />
    </SignedInShell>
  );
}
